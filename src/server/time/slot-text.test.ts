import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatSlot, formatTime12h, minutesToTime } from '../../contract/time.js';
import { zoneLabel } from '../../web/lib/business-time.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/test-app.js';

// Notifications and e-mails word times in SQL (que_slot_text, que_clock_text, que_zone_label in
// time/sql/slot-text.sql), the screens in TypeScript (formatSlot, formatTime12h, zoneLabel): a person
// reading both must see the same words. Held together here on PGlite and PostgreSQL.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

interface Printed {
  stamp: string;
  slot: string;
  clock: string;
}

/** What the database prints for each "yyyy-MM-dd HH:mm", in one round trip. */
async function printed(stamps: string[]): Promise<Printed[]> {
  const result = (await database.db.execute(
    sql`select s as stamp, que_slot_text(s::timestamp) as slot, que_clock_text(s::timestamp) as clock
          from unnest(string_to_array(${stamps.join(',')}, ',')) with ordinality as t(s, n) order by n`,
  )) as unknown as { rows: Printed[] };
  return result.rows;
}

const expectSameAsScreens = (rows: Printed[]) => {
  for (const { stamp, slot, clock } of rows) {
    const [date, time] = stamp.split(' ');
    expect({ stamp, slot, clock }).toEqual({ stamp, slot: formatSlot(date, time), clock: formatTime12h(time) });
  }
};

describe('que_slot_text and que_clock_text print what the screens print', () => {
  it('at midnight, noon, the minutes either side, single-digit days and every month', async () => {
    const times = ['00:00', '00:01', '00:59', '01:00', '09:00', '09:05', '11:59', '12:00', '12:01', '12:30', '13:00', '21:45', '23:59'];
    const dates = ['2026-11-26', '2026-11-01', '2026-11-09', '2027-01-01', '2026-02-28', '2028-02-29', '2026-12-31'];
    for (let month = 1; month <= 12; month++) dates.push(`2026-${String(month).padStart(2, '0')}-0${month % 9 + 1}`);
    const rows = await printed(dates.flatMap((d) => times.map((t) => `${d} ${t}`)));
    expectSameAsScreens(rows);
    expect(rows.find((r) => r.stamp === '2026-11-26 09:00')!.slot).toBe('9:00 AM, Thursday, November 26');
    expect(rows.find((r) => r.stamp === '2027-01-01 00:00')!.slot).toBe('12:00 AM, Friday, January 1');
    expect(rows.find((r) => r.stamp === '2026-11-09 12:00')!.slot).toBe('12:00 PM, Monday, November 9');
  });

  it('for any minute of any day over two years', async () => {
    const stamp = fc
      .tuple(fc.integer({ min: 0, max: 2 * 366 }), fc.integer({ min: 0, max: 1439 }))
      .map(([day, minute]) => `${addDays('2026-01-01', day)} ${minutesToTime(minute)}`);
    expectSameAsScreens(await printed(fc.sample(stamp, 1500)));
  });
});

describe('que_zone_label', () => {
  it('names a zone as the screens do from another zone', async () => {
    const zones = ['America/New_York', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC', 'Asia/Tokyo'];
    const result = (await database.db.execute(
      sql`select z, que_zone_label(z) as label from unnest(string_to_array(${zones.join(',')}, ',')) as t(z)`,
    )) as unknown as { rows: { z: string; label: string }[] };
    for (const { z, label } of result.rows) expect(label).toBe(zoneLabel(z, z === 'Asia/Tokyo' ? 'UTC' : 'Asia/Tokyo'));
    expect(result.rows.find((r) => r.z === 'America/New_York')!.label).toBe('New York time');
  });
});
