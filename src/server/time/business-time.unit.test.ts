import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addDays, minutesToTime } from '../../contract/time.js';
import { clocksChangeOn, instantOf, instantOfOrAfterGap, minutesBetween, wallClockOf } from './business-time.js';

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney'] as const;

/** Each zone's 2026 clock changes: the local hour that is skipped, and the one that happens twice. */
const CHANGES = {
  'America/New_York': { gap: { date: '2026-03-08', from: 120 }, overlap: { date: '2026-11-01', from: 60, firstOffset: '-04:00' } },
  'Europe/London': { gap: { date: '2026-03-29', from: 60 }, overlap: { date: '2026-10-25', from: 60, firstOffset: '+01:00' } },
  'Australia/Sydney': { gap: { date: '2026-10-04', from: 120 }, overlap: { date: '2026-04-05', from: 120, firstOffset: '+11:00' } },
} as const;

const zone = fc.constantFrom(...ZONES);
const minuteOfDay = fc.integer({ min: 0, max: 1439 });
// Dates near every change of 2025-2027 in all three zones, and anywhere in those years.
const nearChange = fc.tuple(fc.constantFrom('2025-03-09', '2025-03-30', '2025-04-06', '2025-10-05', '2025-10-26', '2025-11-02', '2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2027-03-14', '2027-03-28', '2027-04-04', '2027-10-03', '2027-10-31', '2027-11-07'), fc.integer({ min: -1, max: 1 })).map(([d, n]) => addDays(d, n));
const date = fc.oneof(nearChange, fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays('2025-01-01', n)));
const instant = fc.integer({ min: Date.UTC(2025, 0, 1) / 60_000, max: Date.UTC(2028, 0, 1) / 60_000 }).map((m) => Temporal.Instant.fromEpochMilliseconds(m * 60_000));
const nearChangeInstant = fc.tuple(nearChange, zone, fc.integer({ min: -180, max: 1620 })).map(([d, z, m]) => Temporal.PlainDate.from(d).toZonedDateTime({ timeZone: z }).toInstant().add({ minutes: m }));

// Property runs of a few seconds each on a quiet machine; a loaded one (two cores, CI beside other work) needs more.
describe('instantOf across daylight-saving changes', { timeout: 60_000 }, () => {
  it('local → instant → local returns the same wall clock whenever that local time exists', () => {
    fc.assert(
      fc.property(date, minuteOfDay, zone, (d, m, z) => {
        const at = instantOf(d, minutesToTime(m), z);
        if (at) expect(wallClockOf(at, z)).toEqual({ date: d, time: minutesToTime(m) });
      }),
      { numRuns: 2000 },
    );
  });

  it('instant → local → instant gives that instant, or the earlier occurrence of the same wall clock', () => {
    fc.assert(
      fc.property(fc.oneof(instant, nearChangeInstant), zone, (i, z) => {
        const wc = wallClockOf(i, z);
        const back = instantOf(wc.date, wc.time, z);
        expect(back).not.toBeNull();
        expect(wallClockOf(back!, z)).toEqual(wc);
        expect([0, 60]).toContain(minutesBetween(back!, i));
      }),
      { numRuns: 2000 },
    );
  });

  it('every minute of the skipped hour does not exist, and the minutes around it do', () => {
    fc.assert(
      fc.property(zone, fc.integer({ min: 0, max: 59 }), (z, m) => {
        const { date: d, from } = CHANGES[z].gap;
        expect(instantOf(d, minutesToTime(from + m), z)).toBeNull();
        expect(instantOf(d, minutesToTime(from - 1), z)).not.toBeNull();
        expect(instantOf(d, minutesToTime(from + 60), z)).not.toBeNull();
        // Read leniently, a gap time is the moment the clocks jump to.
        expect(wallClockOf(instantOfOrAfterGap(d, minutesToTime(from + m), z), z).time).toBe(minutesToTime(from + 60 + m));
      }),
    );
  });

  it('a local time that happens twice means its first occurrence', () => {
    fc.assert(
      fc.property(zone, fc.integer({ min: 0, max: 59 }), (z, m) => {
        const { date: d, from, firstOffset } = CHANGES[z].overlap;
        const at = instantOf(d, minutesToTime(from + m), z)!;
        expect(at.toZonedDateTimeISO(z).offset).toBe(firstOffset);
        expect(at.add({ minutes: 60 }).toZonedDateTimeISO(z).toPlainTime().toString({ smallestUnit: 'minute' })).toBe(minutesToTime(from + m));
      }),
    );
  });

  it('is strictly increasing within a day: later local times are later instants', () => {
    fc.assert(
      fc.property(date, minuteOfDay, minuteOfDay, (d, a, b) => {
        fc.pre(a !== b);
        const [lo, hi] = a < b ? [a, b] : [b, a];
        for (const z of ZONES) {
          const x = instantOf(d, minutesToTime(lo), z);
          const y = instantOf(d, minutesToTime(hi), z);
          if (x && y) expect(Temporal.Instant.compare(x, y)).toBe(-1);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a day spans real minutes: 23 hours on the spring change, 25 on the autumn one, 24 otherwise', () => {
    fc.assert(
      fc.property(date, zone, (d, z) => {
        const length = minutesBetween(instantOf(d, '00:00', z)!, instantOf(addDays(d, 1), '00:00', z)!);
        const expected = d === CHANGES[z].gap.date ? 1380 : d === CHANGES[z].overlap.date ? 1500 : null;
        if (expected) expect(length).toBe(expected);
        expect([1380, 1440, 1500]).toContain(length);
        expect(clocksChangeOn(d, z)).toBe(length !== 1440);
      }),
      { numRuns: 1000 },
    );
  });
});
