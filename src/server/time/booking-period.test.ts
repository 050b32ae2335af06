import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, minutesToTime } from '../../contract/time.js';
import type { Database } from '../db/client.js';
import { sqlCall } from '../errors.js';
import { createTestDatabase } from '../test/test-app.js';
import { clocksChangeOn, instantOf } from './business-time.js';

// An appointment's stored period (wall clocks) across the daylight-saving changes of three zones:
// the duration is real minutes, the end is the earliest wall clock not before the real end. The rule
// is SQL (que_instant, que_period: every booking, reschedule and swap stores its
// period through it), so it runs here on PGlite and PostgreSQL, held to the Temporal time module.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney'] as const;
const zone = fc.constantFrom(...ZONES);
const CHANGE_DAYS = ['2025-03-09', '2025-03-30', '2025-04-06', '2025-10-05', '2025-10-26', '2025-11-02', '2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2027-03-14', '2027-03-28', '2027-04-04', '2027-10-03', '2027-10-31', '2027-11-07'];
const date = fc.oneof(
  fc.tuple(fc.constantFrom(...CHANGE_DAYS), fc.integer({ min: -1, max: 0 })).map(([d, n]) => addDays(d, n)),
  fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays('2025-01-01', n)),
);
const changeDate = fc.constantFrom(...CHANGE_DAYS);
const minuteOfDay = fc.integer({ min: 0, max: 1439 });
const duration = fc.integer({ min: 5, max: 240 });

/** The stored period as wall clocks ("yyyy-MM-dd HH:mm:ss"), as que_book, que_reschedule and que_offer_accept store it. */
async function period(d: string, t: string, minutes: number, z: string): Promise<{ startsAt: string; endsAt: string }> {
  const result = (await sqlCall(
    database.db.execute(sql`select to_char(starts_at, 'YYYY-MM-DD HH24:MI:SS') as "startsAt", to_char(ends_at, 'YYYY-MM-DD HH24:MI:SS') as "endsAt"
      from que_period(${d}::date, ${t}::text, ${minutes}::int, ${z}::text)`),
  )) as unknown as { rows: { startsAt: string; endsAt: string }[] };
  return result.rows[0];
}
const wall = (stamp: string) => ({ date: stamp.slice(0, 10), time: stamp.slice(11, 16) });
const ms = (i: Temporal.Instant) => Number(i.epochMilliseconds);
const realEnd = (d: string, t: string, minutes: number, z: string) => ms(instantOf(d, t, z)!) + minutes * 60_000;
const minuteBefore = (stamp: string) => {
  const pdt = Temporal.PlainDateTime.from(stamp.replace(' ', 'T')).subtract({ minutes: 1 });
  return { date: pdt.toPlainDate().toString(), time: pdt.toPlainTime().toString({ smallestUnit: 'minute' }) };
};

/** que_instant's answer in epoch milliseconds (null: the clocks skip that local time). */
async function sqlInstant(d: string, t: string, z: string): Promise<number | null> {
  const result = (await database.db.execute(
    sql`select (extract(epoch from que_instant(${`${d} ${t}`}::timestamp, ${z}::text)) * 1000)::bigint as at`,
  )) as unknown as { rows: { at: string | number | null }[] };
  const at = result.rows[0].at;
  return at === null ? null : Number(at);
}

describe('que_instant: the instant a wall clock means (New York, London, Sydney)', () => {
  it('agrees with the time module: null in a gap, the first occurrence when the clocks repeat', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(changeDate, date), minuteOfDay, zone, async (d, m, z) => {
        const t = minutesToTime(m);
        const expected = instantOf(d, t, z);
        expect(await sqlInstant(d, t, z)).toBe(expected ? ms(expected) : null);
      }),
      { numRuns: 800 },
    );
  }, 120_000);
});

describe('que_period across daylight-saving changes (New York, London, Sydney)', () => {
  it('starts at the local time and ends at the earliest wall clock not before start + the real duration', async () => {
    await fc.assert(
      fc.asyncProperty(date, minuteOfDay, duration, zone, async (d, m, minutes, z) => {
        const t = minutesToTime(m);
        if (!instantOf(d, t, z)) return; // the clocks skip it: refused below
        const { startsAt, endsAt } = await period(d, t, minutes, z);
        expect(startsAt).toBe(`${d} ${t}:00`);
        // The database's check (ends_at > starts_at) always holds.
        expect(endsAt > startsAt).toBe(true);
        const end = wall(endsAt);
        const endMs = realEnd(d, t, minutes, z);
        expect(ms(instantOf(end.date, end.time, z)!)).toBeGreaterThanOrEqual(endMs);
        // ...and it is the earliest such wall clock: one minute earlier is before the real end (or skipped).
        const before = minuteBefore(endsAt);
        const beforeAt = instantOf(before.date, before.time, z);
        if (beforeAt) expect(ms(beforeAt)).toBeLessThan(endMs);
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('is exactly start + duration on the wall clock when no clock change falls inside', async () => {
    await fc.assert(
      fc.asyncProperty(date, minuteOfDay, duration, zone, async (d, m, minutes, z) => {
        if (clocksChangeOn(d, z) || clocksChangeOn(addDays(d, 1), z)) return;
        const t = minutesToTime(m);
        const { endsAt } = await period(d, t, minutes, z);
        const expected = Temporal.PlainDateTime.from(`${d}T${t}`).add({ minutes });
        expect(wall(endsAt)).toEqual({ date: expected.toPlainDate().toString(), time: expected.toPlainTime().toString({ smallestUnit: 'minute' }) });
      }),
      { numRuns: 800 },
    );
  }, 120_000);

  it('spring forward: a 2-hour visit from 01:00 in New York ends at 04:00; fall back: from 00:30 it is over, as a wall clock, at 02:00', async () => {
    expect((await period('2027-03-14', '01:00', 120, 'America/New_York')).endsAt).toBe('2027-03-14 04:00:00');
    expect((await period('2027-11-07', '00:30', 120, 'America/New_York')).endsAt).toBe('2027-11-07 02:00:00');
    expect((await period('2027-11-07', '00:00', 90, 'America/New_York')).endsAt).toBe('2027-11-07 01:30:00');
    expect((await period('2026-04-05', '01:30', 60, 'Australia/Sydney')).endsAt).toBe('2026-04-05 02:30:00');
    expect((await period('2026-04-05', '02:30', 60, 'Australia/Sydney')).endsAt).toBe('2026-04-05 03:00:00');
    expect((await period('2026-03-29', '00:30', 60, 'Europe/London')).endsAt).toBe('2026-03-29 02:30:00');
  });

  it('refuses a start the clocks skip with a 400 naming the time, the date and the zone', async () => {
    const missing: [string, string, string][] = [];
    for (const z of ZONES) {
      for (const d of CHANGE_DAYS) {
        for (let m = 0; m < 1440; m += 15) if (!instantOf(d, minutesToTime(m), z)) missing.push([z, d, minutesToTime(m)]);
      }
    }
    expect(missing.length).toBeGreaterThan(0);
    for (const [z, d, t] of missing) {
      await expect(period(d, t, 30, z)).rejects.toMatchObject({
        code: 'VALIDATION',
        message: `time: ${t} does not exist on ${d} in ${z} (the clocks skip it that day); please choose another time`,
      });
    }
  }, 60_000);
});
