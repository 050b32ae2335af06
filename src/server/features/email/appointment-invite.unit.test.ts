import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { minutesToTime } from '../../../contract/time.js';
import { instantOfOrAfterGap } from '../../time/business-time.js';
import { appointmentInvite, type InviteInput } from './appointment-invite.js';

// DESIGN section 7: invites follow RFC 5545 — DTSTAMP in UTC, DTEND from the real end instant (a
// visit in a repeated autumn hour keeps its length), one UID and a rising SEQUENCE, names on one
// line. Read back with ical.js, as a calendar would.

const base: InviteInput = {
  appointmentId: 41,
  sequence: 0,
  cancelled: false,
  date: '2026-12-01',
  time: '10:00',
  durationMinutes: 60,
  timeZone: 'America/New_York',
  summary: 'Checkup at Shop',
  description: 'Your booking is confirmed.',
  location: '1 Main St',
  organizer: { name: 'Shop', email: 'shop@example.com' },
  attendee: { name: 'Pat Doe', email: 'pat@example.com' },
};

function read(ics: string) {
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
  return { vevent, event, stamp, start: event.startDate.toUnixTime(), end: event.endDate.toUnixTime() };
}

/** Each zone's autumn night of 2026, when an hour of local times happens twice, and its spring night. */
const CLOCK_CHANGES = [
  { timeZone: 'America/New_York', date: '2026-11-01' },
  { timeZone: 'America/New_York', date: '2026-03-08' },
  { timeZone: 'Europe/London', date: '2026-10-25' },
  { timeZone: 'Australia/Sydney', date: '2026-04-05' },
];

describe('appointment invite', () => {
  it('ends a 60-minute visit at the first 01:30 of New York\'s autumn night an hour after it starts', () => {
    const { start, end } = read(appointmentInvite({ ...base, date: '2026-11-01', time: '01:30', durationMinutes: 60 }));
    // The first 01:30 is EDT (05:30 UTC); an hour later the clocks read 01:30 again (EST).
    expect(new Date(start * 1000).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(new Date(end * 1000).toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('keeps every visit on a clock-change night at its real start and real length', () => {
    for (const { timeZone, date } of CLOCK_CHANGES) {
      // Every half hour from midnight to 03:30 (the repeated or skipped hour is 01:00-03:00 in each zone).
      for (let minute = 0; minute <= 210; minute += 30) {
        for (const durationMinutes of [30, 60, 120]) {
          const time = minutesToTime(minute);
          const { start, end } = read(appointmentInvite({ ...base, timeZone, date, time, durationMinutes }));
          const expected = instantOfOrAfterGap(date, time, timeZone).epochMilliseconds / 1000;
          expect({ timeZone, date, time, durationMinutes, start, length: end - start }).toEqual({ timeZone, date, time, durationMinutes, start: expected, length: durationMinutes * 60 });
        }
      }
    }
  }, 30_000);

  it('writes an ordinary visit in the business zone, with that zone\'s VTIMEZONE', () => {
    const ics = appointmentInvite(base);
    expect(ics).toMatch(/^DTSTART;TZID=America\/New_York:20261201T100000\r$/m);
    expect(ics).toMatch(/^DTEND;TZID=America\/New_York:20261201T110000\r$/m);
    const { event } = read(ics);
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
  });

  it('stamps the invite in UTC with the time it was made', () => {
    const now = new Date('2026-11-25T21:15:42Z');
    const ics = appointmentInvite(base, now);
    expect(ics).toMatch(/^DTSTAMP:20261125T211542Z\r$/m);
    const { stamp } = read(ics);
    expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(stamp.toJSDate().toISOString()).toBe('2026-11-25T21:15:42.000Z');
  });

  it('names every change of one appointment by one UID with its SEQUENCE, and a cancellation with METHOD:CANCEL', () => {
    const booked = read(appointmentInvite(base));
    const cancelled = appointmentInvite({ ...base, sequence: 2, cancelled: true });
    const gone = read(cancelled);
    expect(booked.event.uid).toBe('appointment-41@que');
    expect([gone.event.uid, gone.event.sequence, gone.vevent.getFirstPropertyValue('status')]).toEqual(['appointment-41@que', 2, 'CANCELLED']);
    expect(cancelled).toMatch(/^METHOD:CANCEL\r$/m);
  });

  it('prints names, the summary and the place on one line, whatever rows already stored hold', () => {
    const ics = appointmentInvite({
      ...base,
      summary: 'Cut\r\nX-INJECTED:1 at Shop',
      location: '1 Main St\nBack door',
      organizer: { name: 'Shop\r\n"Best"\t^', email: 'shop@example.com' },
      attendee: { name: 'Pat\nATTENDEE:mailto:evil@example.com', email: 'pat@example.com' },
    });
    const { vevent } = read(ics);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Cut X-INJECTED:1 at Shop');
    expect(vevent.getFirstPropertyValue('location')).toBe('1 Main St Back door');
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Shop "Best" ^');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees.map((a) => [a.getFirstValue(), a.getParameter('cn')])).toEqual([['MAILTO:pat@example.com', 'Pat ATTENDEE:mailto:evil@example.com']]);
    expect(vevent.getAllProperties().map((p) => p.name)).not.toContain('x-injected');
  });
});
