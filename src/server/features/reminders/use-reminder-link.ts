import { AppError } from '../../errors.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { LinkState, ReminderLink } from '../../../contract/reminders.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { cancelAsItsCustomer, confirmAttendance } from '../appointments/index.js';
import { readLink, type SignedLink } from './reminder-links.js';
import { type LinkAppointment, linkAppointment, linkUsed, markLinkUsed } from './reminders.repository.js';

// A reminder's signed link (DESIGN section 11): it stands in for signing in, for one purpose, until
// the start it was made for. Reading it changes nothing (mail scanners open links); the page's
// button POSTs, and confirm and cancel then act once, in one transaction with the mark of their use.

function stateOf(link: SignedLink, appointment: LinkAppointment, used: boolean, now: Date): LinkState {
  // A link made for another start (the appointment moved since) ends with that start.
  if (now >= link.expiresAt || appointment.start.getTime() !== link.expiresAt.getTime()) return 'expired';
  if (used) return 'used';
  if (appointment.status !== 'confirmed') return 'closed';
  return 'ready';
}

const view = (state: LinkState, link: SignedLink | null, a: LinkAppointment | null): ReminderLink => ({
  state,
  purpose: link?.purpose ?? null,
  appointment: a && {
    id: a.id, serviceName: a.serviceName, businessName: a.businessName, businessId: a.businessId, date: a.date, time: a.time,
    timeZone: a.timeZone, status: a.status, customerConfirmedAt: a.customerConfirmedAt,
  },
});

/** What a link is, for its page: never an error, so the page can say which of the cases it is. */
export async function readReminderLink(db: Db, key: Buffer, token: string, now: Date): Promise<ReminderLink> {
  const link = readLink(key, token);
  const appointment = link && (await linkAppointment(db, link.appointmentId));
  if (!link || !appointment) return view('invalid', null, null);
  const used = link.purpose !== 'reschedule' && (await linkUsed(db, link.appointmentId, link.purpose, link.expiresAt));
  return view(stateOf(link, appointment, used, now), link, appointment);
}

const refusals: Record<Exclude<LinkState, 'ready'>, () => AppError> = {
  invalid: () => new AppError(ErrorCode.LINK_INVALID, 'This link is not valid: it may have been changed or cut short. Use the link in your e-mail as it is.'),
  used: () => new AppError(ErrorCode.LINK_USED, 'This link has been used already; nothing more was changed.'),
  expired: () => new AppError(ErrorCode.LINK_EXPIRED, 'This link has expired: it worked until the appointment it was sent for started.'),
  closed: () => new AppError(ErrorCode.INVALID_STATE, 'This appointment is no longer confirmed, so this link changes nothing.'),
};

/**
 * Uses a confirm or cancel link: in one transaction the appointment is locked, the link checked and
 * marked used, and the appointment confirmed or cancelled (the customer's cancel, cut-off included).
 * Anything refused rolls back the mark: a refused link changes nothing and can be tried again.
 */
export async function useReminderLink(db: Db, key: Buffer, token: string, now: Date): Promise<ReminderLink> {
  const link = readLink(key, token);
  if (!link) throw refusals.invalid();
  if (link.purpose === 'reschedule') {
    throw new AppError(ErrorCode.VALIDATION, 'A reschedule link opens the reschedule screen, where you pick the new time after signing in; it changes nothing by itself.');
  }
  return unitOfWork(db, async (tx) => {
    const appointment = await linkAppointment(tx, link.appointmentId, true);
    if (!appointment) throw refusals.invalid();
    // Under the appointment's lock, so two uses at once are one after the other (the unique key is the last word).
    const state = stateOf(link, appointment, await linkUsed(tx, link.appointmentId, link.purpose, link.expiresAt), now);
    if (state !== 'ready') throw refusals[state]();
    if (!(await markLinkUsed(tx, link.appointmentId, link.purpose, link.expiresAt, now))) throw refusals.used();
    const after = link.purpose === 'confirm' ? await confirmAttendance(tx, appointment.id, now) : await cancelAsItsCustomer(tx, appointment.id);
    return view('used', link, { ...appointment, status: after.status, customerConfirmedAt: after.customerConfirmedAt });
  });
}
