import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesToTime } from '../../../contract/time.js';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/test-app.js';

// Slots over staff members (DESIGN section 9), the whole of que_day_slots_within against a
// minute-by-minute model: several members, each on the business's hours or their own (two ranges
// make a lunch break), some on time off, inactive, or not giving the service; bookings per member;
// the service's buffers. A start is offered when at least one member is free for the whole visit
// with its buffers, inside one of their working ranges; slot_staff lists who, in the owner's order.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await createTestDatabase()));
afterAll(() => drop());

const DATE = '2030-06-17'; // a Monday
const DOW = 1;
const NOW = '2030-06-16T00:00:00Z';

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Member {
  active: boolean;
  givesService: boolean;
  timeOff: boolean;
  /** null: the business's hours. */
  ranges: Array<[number, number]> | null;
  /** Booked visits of another service (no buffers), non-overlapping, in minutes after midnight. */
  booked: Array<[number, number]>;
}
interface Shop {
  hours: [number, number] | null;
  duration: number;
  interval?: number;
  before: number;
  after: number;
  members: Member[];
}

/** The rules as plainly as possible: every minute, every member. */
function model(shop: Shop): { slots: string[]; staff: number[][] } {
  const free = new Map<number, number[]>();
  shop.members.forEach((m, index) => {
    if (!m.active || !m.givesService || m.timeOff) return;
    const ranges = m.ranges ?? (shop.hours ? [shop.hours] : []);
    const step = shop.interval ?? Math.min(30, shop.duration);
    for (const [open, close] of ranges) {
      for (let t = open; t + shop.duration <= close; t += step) {
        const taken = m.booked.some(([s, e]) => s < t + shop.duration + shop.after && e > t - shop.before);
        if (!taken) free.set(t, [...(free.get(t) ?? []), index]);
      }
    }
  });
  const starts = [...free.keys()].sort((a, b) => a - b);
  return { slots: starts.map(minutesToTime), staff: starts.map((t) => [...new Set(free.get(t))].sort((a, b) => a - b)) };
}

let seq = 0;
/** The shop in the database: owner, business (UTC), the asked service and a plain one for the bookings, members, hours, time off, bookings. */
async function insertShop(shop: Shop): Promise<{ businessId: number; serviceId: number; memberIds: number[] }> {
  const n = ++seq;
  const [owner] = await rows<{ id: number }>(sql`insert into users (username, email, password_hash, user_type) values (${`own${n}`}, ${`own${n}@example.com`}, 'x', 'business') returning id`);
  const [business] = await rows<{ id: number }>(sql`insert into businesses (owner_id, business_name, category, business_type, time_zone) values (${owner.id}, ${`Shop ${n}`}, 'Healthcare', 'service', 'UTC') returning id`);
  if (shop.hours) {
    await rows(sql`insert into business_hours (business_id, day_of_week, open_time, close_time) values (${business.id}, ${DOW}, ${minutesToTime(shop.hours[0])}::time, ${minutesToTime(shop.hours[1])}::time)`);
  }
  const policies = { ...(shop.interval && { slotIntervalMinutes: shop.interval }), bufferBeforeMinutes: shop.before, bufferAfterMinutes: shop.after };
  const [asked] = await rows<{ id: number }>(sql`insert into services (business_id, name, duration, price_cents, policies) values (${business.id}, 'Asked', ${shop.duration}, 0, ${JSON.stringify(policies)}::jsonb) returning id`);
  const [plain] = await rows<{ id: number }>(sql`insert into services (business_id, name, duration, price_cents) values (${business.id}, 'Plain', 30, 0) returning id`);
  const [first] = await rows<{ id: number }>(sql`select id from staff_members where business_id = ${business.id}`);
  const memberIds: number[] = [];
  for (const [index, m] of shop.members.entries()) {
    const serviceIds = `{${m.givesService ? '' : plain.id}}`;
    const [row] = index === 0
      ? await rows<{ id: number }>(sql`update staff_members set active = ${m.active}, service_ids = ${serviceIds}::int[], own_hours = ${m.ranges !== null} where id = ${first.id} returning id`)
      : await rows<{ id: number }>(sql`insert into staff_members (business_id, name, position, active, service_ids, own_hours) values (${business.id}, ${`M${index}`}, ${index + 1}, ${m.active}, ${serviceIds}::int[], ${m.ranges !== null}) returning id`);
    memberIds.push(row.id);
    for (const [open, close] of m.ranges ?? []) {
      await rows(sql`insert into staff_hours (staff_id, day_of_week, open_time, close_time) values (${row.id}, ${DOW}, ${minutesToTime(open)}::time, ${minutesToTime(close)}::time)`);
    }
    if (m.timeOff) await rows(sql`insert into staff_time_off (staff_id, start_date, end_date) values (${row.id}, ${DATE}::date - 1, ${DATE})`);
    for (const [start, end] of m.booked) {
      const [customer] = await rows<{ id: number }>(sql`insert into users (username, email, password_hash, user_type) values (${`c${n}_${index}_${start}`}, ${`c${n}_${index}_${start}@example.com`}, 'x', 'customer') returning id`);
      await rows(sql`insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive, staff_id, customer_name, customer_email, customer_phone)
        values (${business.id}, ${plain.id}, ${customer.id}, ${DATE}::timestamp + ${start} * interval '1 minute', ${DATE}::timestamp + ${end} * interval '1 minute',
                ${end - start}, 0, 'confirmed', true, ${row.id}, 'C', 'c@example.com', '555')`);
    }
  }
  return { businessId: business.id, serviceId: asked.id, memberIds };
}

const minute = (min: number, max: number) => fc.integer({ min, max });
/** 0 to 2 ordered, non-overlapping ranges: one day, or a day with a break. */
const ranges = fc.array(minute(300, 1380), { minLength: 0, maxLength: 4 }).map((points) => {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < sorted.length; i += 2) out.push([sorted[i], sorted[i + 1]]);
  return out;
});
const booked = fc.array(fc.tuple(minute(0, 120), minute(15, 150)), { maxLength: 4 }).map((parts) => {
  let at = 360;
  return parts.map(([gap, length]): [number, number] => {
    const start = at + gap;
    at = start + length;
    return [start, at];
  });
});
const member = fc.record({
  active: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
  givesService: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
  timeOff: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
  ranges: fc.option(ranges, { nil: null }),
  booked,
});
const shopArb = fc.record({
  hours: fc.option(fc.tuple(minute(360, 700), minute(720, 1200)), { nil: null }),
  duration: fc.constantFrom(15, 30, 45, 60, 90),
  interval: fc.option(fc.constantFrom(10, 15, 20, 30), { nil: undefined }),
  before: fc.constantFrom(0, 0, 10, 15),
  after: fc.constantFrom(0, 0, 5, 30),
  members: fc.array(member, { minLength: 1, maxLength: 4 }),
});

describe('slots over staff members', () => {
  it('equal the minute-by-minute model, and name who is free at each start', async () => {
    await fc.assert(
      fc.asyncProperty(shopArb, async (shop) => {
        const { businessId, serviceId, memberIds } = await insertShop(shop);
        const [got] = await rows<{ slots: string[]; slot_staff: number[][] | null }>(sql`
          select slots, slot_staff from que_day_slots_within(${businessId}, ${DATE}::date, ${serviceId}, null, null, 365, ${NOW}::timestamptz, true, null, null, null, true)`);
        const want = model(shop);
        expect(got.slots).toEqual(want.slots);
        expect(got.slot_staff ?? []).toEqual(want.staff.map((indexes) => indexes.map((i) => memberIds[i])));
      }),
      { numRuns: Number(process.env.STAFF_SLOT_RUNS ?? 120) },
    );
  }, 180_000);
});
