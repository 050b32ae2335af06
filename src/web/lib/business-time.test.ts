import { describe, expect, it } from 'vitest';
import { formatClock, formatInstant, wallClockAt, withZone, zoneLabel, zoneName, zoneNote, zoneOffset, zoneOptions } from './business-time';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

describe('zoneLabel', () => {
  it("names the business's zone by its city when the viewer's browser is elsewhere", () => {
    expect(zoneLabel(NEW_YORK, BERLIN)).toBe('New York time');
    expect(zoneLabel('America/Argentina/Buenos_Aires', BERLIN)).toBe('Buenos Aires time');
    expect(zoneLabel('UTC', NEW_YORK)).toBe('UTC time');
  });

  it('says nothing when the viewer is on the same zone, or the zone is missing or unknown', () => {
    expect(zoneLabel(NEW_YORK, NEW_YORK)).toBe('');
    expect(zoneLabel(null, BERLIN)).toBe('');
    expect(zoneLabel(undefined, BERLIN)).toBe('');
    expect(zoneLabel('Mars/Olympus_Mons', BERLIN)).toBe('');
  });

  it("defaults to the browser's own zone (this process's)", () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zoneLabel(own)).toBe('');
  });
});

describe('formatClock and withZone', () => {
  it('shows a wall-clock time in 12-hour form, with the zone only from another zone', () => {
    expect(formatClock('09:00', NEW_YORK, BERLIN)).toBe('9:00 AM New York time');
    expect(formatClock('09:00', NEW_YORK, NEW_YORK)).toBe('9:00 AM');
    expect(formatClock('00:30', NEW_YORK, NEW_YORK)).toBe('12:30 AM');
    expect(formatClock('12:00', NEW_YORK, BERLIN)).toBe('12:00 PM New York time');
    expect(withZone('tomorrow at 9:00 AM', NEW_YORK, BERLIN)).toBe('tomorrow at 9:00 AM New York time');
  });

  it('zoneNote says once whose clock a list of bare times is on, and nothing to a local', () => {
    expect(zoneNote(NEW_YORK, BERLIN)).toBe('Times are New York time');
    expect(zoneNote(NEW_YORK, NEW_YORK)).toBe('');
    expect(zoneNote(undefined, BERLIN)).toBe('');
  });
});

describe('wallClockAt', () => {
  it("reads an instant on the zone's clock, across daylight saving", () => {
    // 2026-11-26 14:00 UTC: 9:00 in New York (EST, UTC-5), 15:00 in Berlin (CET, UTC+1)
    expect(wallClockAt('2026-11-26T14:00:00Z', NEW_YORK)).toEqual({ date: '2026-11-26', time: '09:00' });
    expect(wallClockAt('2026-11-26T14:00:00Z', BERLIN)).toEqual({ date: '2026-11-26', time: '15:00' });
    // summer: EDT, UTC-4
    expect(wallClockAt('2026-07-04T13:00:00Z', NEW_YORK)).toEqual({ date: '2026-07-04', time: '09:00' });
    // midnight is 00, not 24
    expect(wallClockAt('2026-11-27T05:00:00Z', NEW_YORK)).toEqual({ date: '2026-11-27', time: '00:00' });
  });
});

describe('formatInstant', () => {
  it("shows an instant on the business's clock, in the app's words", () => {
    // The offer: its expiry at 9:00 AM in New York read "2:00 PM" in the browser's zone.
    expect(formatInstant('2026-11-26T14:00:00Z', NEW_YORK, BERLIN)).toBe('Thu, Nov 26, 9:00 AM New York time');
    expect(formatInstant('2026-11-26T14:00:00Z', NEW_YORK, NEW_YORK)).toBe('Thu, Nov 26, 9:00 AM');
    expect(formatInstant('2026-12-01T05:05:00Z', NEW_YORK, NEW_YORK)).toBe('Tue, Dec 1, 12:05 AM');
  });

  it("falls back to the viewer's clock without a zone, and leaves a non-date alone", () => {
    expect(formatInstant('not a date', NEW_YORK)).toBe('not a date');
    const noZone = formatInstant('2026-11-26T14:00:00Z', null);
    expect(noZone).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
  });
});

describe('zoneName', () => {
  it('says a zone as people do, with the abbreviation in force on the day', () => {
    expect(zoneName(NEW_YORK, Date.UTC(2026, 0, 15))).toBe('New York time (EST)');
    expect(zoneName(NEW_YORK, Date.UTC(2026, 6, 15))).toBe('New York time (EDT)');
    expect(zoneName('America/Argentina/Buenos_Aires', Date.UTC(2026, 0, 15))).toMatch(/^Buenos Aires time \(GMT-3\)$/);
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('Not/AZone')).toBe('Not/AZone');
  });
});

describe('zoneOffset and zoneOptions', () => {
  it("says a zone's offset as a clock does, with the summer's own", () => {
    expect(zoneOffset(NEW_YORK, Date.UTC(2026, 0, 15))).toBe('UTC\u221205:00');
    expect(zoneOffset(NEW_YORK, Date.UTC(2026, 6, 15))).toBe('UTC\u221204:00');
    expect(zoneOffset('Asia/Kolkata', Date.UTC(2026, 0, 15))).toBe('UTC+05:30');
    expect(zoneOffset('UTC')).toBe('UTC+00:00');
    expect(zoneOffset('Not/AZone')).toBeNull();
  });

  it('offers zones by city and offset, west to east, keeping the IANA name as the value', () => {
    const at = Date.UTC(2026, 0, 15);
    expect(zoneOptions(['Asia/Tokyo', 'Europe/London', NEW_YORK, 'America/Los_Angeles', 'UTC'], at)).toEqual([
      { value: 'America/Los_Angeles', label: 'Los Angeles (UTC\u221208:00)' },
      { value: NEW_YORK, label: 'New York (UTC\u221205:00)' },
      { value: 'Europe/London', label: 'London (UTC+00:00)' },
      { value: 'UTC', label: 'UTC (UTC+00:00)' },
      { value: 'Asia/Tokyo', label: 'Tokyo (UTC+09:00)' },
    ]);
  });

  it('names the region of a city that two zones share, and leaves an unknown zone as written', () => {
    const labels = zoneOptions(['America/Indiana/Vincennes', 'America/Vincennes', 'Not/AZone'], Date.UTC(2026, 0, 15)).map((o) => o.label);
    expect(labels).toContain('Vincennes, Indiana (UTC\u221205:00)');
    expect(labels).toContain('Not/AZone');
  });
});
