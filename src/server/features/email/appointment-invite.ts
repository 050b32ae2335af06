import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { oneLine } from '../../../contract/text.js';
import { addRealMinutes, instantOfOrAfterGap, wallClockNamesOnly } from '../../time/business-time.js';

export interface InviteInput {
  appointmentId: number;
  /** Higher for every change of the appointment: calendars apply only a newer SEQUENCE. */
  sequence: number;
  cancelled: boolean;
  /** Local wall-clock date and time in the business's zone, and the visit's length in real minutes. */
  date: string;
  time: string;
  durationMinutes: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/**
 * A display name as an iCalendar parameter value (CN="…"). A quoted parameter may hold no DQUOTE
 * and no control character, and ical-generator's backslash escaping is not how parameters escape:
 * a name like `x";ROLE=CHAIR:mailto:other@…` would end the quotes and rewrite the attendee. The
 * name is put on one line first (control characters become a space), then RFC 6868 caret-encodes
 * the two that remain (^^ and ^', which calendars decode back).
 */
function parameterText(name: string): string {
  return oneLine(name).replace(/\^/g, '^^').replace(/"/g, "^'");
}

/** One event per appointment for its whole life: every update and the cancellation name this UID. */
export const inviteUid = (appointmentId: number) => `appointment-${appointmentId}@que`;

/**
 * The zone's rules as a VTIMEZONE block, so calendars place DTSTART;TZID=… right on both sides of a
 * DST change. Kept per zone (a few hundred at most): building one takes milliseconds, every invite.
 */
const vtimezones = new Map<string, string | null>();
const vtimezone = (zone: string): string | null => {
  if (!vtimezones.has(zone)) {
    const block = tzlib_get_ical_block(zone);
    vtimezones.set(zone, Array.isArray(block) && block[0] ? block[0] : null);
  }
  return vtimezones.get(zone)!;
};

/**
 * The .ics for an appointment: its local time in the business's IANA zone (DTSTART/DTEND;TZID with
 * the zone's VTIMEZONE), METHOD:REQUEST for a booking or change, METHOD:CANCEL with STATUS:CANCELLED
 * for a cancellation. DTSTAMP, when the invite was made (`now`: the send time), is UTC as RFC 5545
 * requires. DTEND is the real end instant, start plus the visit's real minutes; in the hour the
 * clocks fall back a local time cannot say which of its two occurrences it means (readers take the
 * first, so a 60-minute visit at the first 01:30 would end at 01:30 too), and an event touching that
 * hour is written in UTC, which names each instant once. Names are printed on one line.
 */
export function appointmentInvite(input: InviteInput, now: Date = new Date()): string {
  const start = instantOfOrAfterGap(input.date, input.time, input.timeZone);
  const end = addRealMinutes(start, input.durationMinutes);
  const zone = wallClockNamesOnly(start, input.timeZone) && wallClockNamesOnly(end, input.timeZone) ? input.timeZone : null;
  const calendar = ical({
    prodId: { company: 'Que', product: 'Bookings', language: 'EN' },
    method: input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No zone of the calendar's own (ical-generator would write DTSTAMP in it): only the event's
  // zone, whose VTIMEZONE the generator adds.
  calendar.timezone({ name: null, generator: vtimezone });
  calendar.createEvent({
    id: inviteUid(input.appointmentId),
    sequence: input.sequence,
    stamp: now,
    start: zone ? start.toZonedDateTimeISO(zone) : start,
    end: zone ? end.toZonedDateTimeISO(zone) : end,
    timezone: zone,
    summary: oneLine(input.summary),
    description: input.description,
    location: oneLine(input.location) || null,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parameterText(input.organizer.name), email: input.organizer.email },
    attendees: [{ name: parameterText(input.attendee.name), email: input.attendee.email, rsvp: false }],
  });
  return calendar.toString();
}
