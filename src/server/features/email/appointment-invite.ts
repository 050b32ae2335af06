import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { addRealMinutes, instantOfOrAfterGap } from '../../time/business-time.js';

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
 * a name like `x";ROLE=CHAIR:mailto:other@…` would end the quotes and rewrite the attendee. RFC 6868
 * caret-encodes the three that matter (^^, ^' and ^n, which calendars decode back); other control
 * characters cannot be written at all and are dropped.
 */
export function parameterText(name: string): string {
  return name
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');
}

/** One event per appointment for its whole life: every update and the cancellation name this UID. */
export const inviteUid = (appointmentId: number) => `appointment-${appointmentId}@que`;

/** The zone's rules as a VTIMEZONE block, so calendars place DTSTART;TZID=… right on both sides of a DST change. */
const vtimezone = (zone: string): string | null => {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0] ? block[0] : null;
};

/**
 * The .ics for an appointment: its local time in the business's IANA zone (DTSTART;TZID with the
 * zone's VTIMEZONE), METHOD:REQUEST for a booking or change, METHOD:CANCEL with STATUS:CANCELLED
 * for a cancellation.
 */
export function appointmentInvite(input: InviteInput): string {
  const start = instantOfOrAfterGap(input.date, input.time, input.timeZone);
  const end = addRealMinutes(start, input.durationMinutes);
  const calendar = ical({
    prodId: { company: 'Que', product: 'Bookings', language: 'EN' },
    method: input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.timezone({ name: input.timeZone, generator: vtimezone });
  calendar.createEvent({
    id: inviteUid(input.appointmentId),
    sequence: input.sequence,
    // ical-generator writes DTSTAMP in the calendar's zone: give it "now" there.
    stamp: Temporal.Now.zonedDateTimeISO(input.timeZone),
    start: start.toZonedDateTimeISO(input.timeZone),
    end: end.toZonedDateTimeISO(input.timeZone),
    timezone: input.timeZone,
    summary: input.summary,
    description: input.description,
    location: input.location || null,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parameterText(input.organizer.name), email: input.organizer.email },
    attendees: [{ name: parameterText(input.attendee.name), email: input.attendee.email, rsvp: false }],
  });
  return calendar.toString();
}
