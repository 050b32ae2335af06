import type { AppointmentChange, AppointmentChangeListener } from '../appointments/appointment-changes.js';
import { tableOfferRole } from '../notifications/notifications.service.js';
import { appointmentInvite, inviteUid } from './appointment-invite.js';
import { businessForInvite, insertEmail, nextInviteSequence } from './email-outbox.repository.js';

const NO_REPLY = 'no-reply@que.local';

interface Wording {
  kind: string;
  subject: string;
  intro: string;
  cancelled: boolean;
}

/** What the customer is told for each change; null for changes that carry no calendar news. */
function wordingOf(change: AppointmentChange, handedOver: boolean): Wording | null {
  const a = change.appointment;
  const what = `${a.serviceName} at ${a.businessName}`;
  const was = change.previous ? ` (it was on ${change.previous.date} at ${change.previous.time})` : '';
  switch (change.kind) {
    case 'booked':
      return { kind: 'booking_confirmed', subject: `Booking confirmed: ${what}`, intro: `Your booking is confirmed.`, cancelled: false };
    case 'rescheduled':
      return { kind: 'booking_rescheduled', subject: `Booking moved: ${what}`, intro: `Your booking has a new time${was}.`, cancelled: false };
    case 'swapped':
      return { kind: 'booking_swapped', subject: `New time after your swap: ${what}`, intro: `Your appointment traded places with another customer's${was}.`, cancelled: false };
    case 'cancelled':
      return handedOver
        ? { kind: 'booking_cancelled', subject: `Table handed over: ${what}`, intro: `You gave your table to another guest, so this reservation is cancelled.`, cancelled: true }
        : { kind: 'booking_cancelled', subject: `Booking cancelled: ${what}`, intro: `Your booking has been cancelled.`, cancelled: true };
    default:
      return null;
  }
}

/**
 * Writes the customer's e-mail with its calendar invite to the outbox inside the changing
 * transaction, so the message exists exactly when the change does; the e-mail worker sends it.
 * A cancellation is only sent for an appointment that was announced before (a restaurant offer's
 * unconfirmed table was never in the customer's calendar).
 */
export const appointmentEmailListener: AppointmentChangeListener = async (tx, change) => {
  const a = change.appointment;
  if (!a.customerEmail) return;
  const sequence = await nextInviteSequence(tx, a.id);
  if (change.kind === 'cancelled' && sequence === 0) return;
  const handedOver = change.kind === 'cancelled' && a.businessType === 'restaurant' && (await tableOfferRole(tx, a.id)).handedOver;
  const wording = wordingOf(change, handedOver);
  if (!wording) return;
  const business = await businessForInvite(tx, a.businessId);
  const summary = `${a.serviceName} at ${a.businessName}`;
  const when = `${a.date} at ${a.time} (${business.timeZone})`;
  const lines = [`Hello ${a.customerName || 'there'},`, '', wording.intro, '', `${summary}`, `When: ${when}`];
  if (a.partySize > 1) lines.push(`Party: ${a.partySize}`);
  if (business.address) lines.push(`Where: ${business.address}`);
  lines.push('', 'The attached invite updates your calendar.', '', 'Que');
  const ics = appointmentInvite({
    appointmentId: a.id,
    sequence,
    cancelled: wording.cancelled,
    date: a.date,
    time: a.time,
    durationMinutes: a.duration,
    timeZone: business.timeZone,
    summary,
    description: wording.intro,
    location: business.address,
    organizer: { name: a.businessName, email: business.email || NO_REPLY },
    attendee: { name: a.customerName || a.customerEmail, email: a.customerEmail },
  });
  await insertEmail(tx, {
    kind: wording.kind,
    toEmail: a.customerEmail,
    subject: wording.subject,
    text: lines.join('\n'),
    ics,
    icsUid: inviteUid(a.id),
    icsSequence: sequence,
    appointmentId: a.id,
  });
};
