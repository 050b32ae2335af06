import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { reportIfStalled } from '../../test/stall-report.js';
import { assetTotals } from '../ledger/test-ledger.js';
import { book, type Client, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from './test-fixtures.js';

let ctx: TestContext;
let customers: Client[];
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  ctx = await createTestApp();
  customers = [];
  for (let i = 0; i < 50; i++) customers.push(await signUp(ctx.app));
}, 120_000);
afterAll(() => ctx?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Pairs of active exclusive appointments of one staff member whose periods overlap: must be none. */
const overlaps = () =>
  rows<{ a: number; b: number }>(sql`
    select a.id as a, b.id as b from appointments a join appointments b
      on a.staff_id = b.staff_id and a.id < b.id
     and tsrange(a.starts_at, a.ends_at, '[)') && tsrange(b.starts_at, b.ends_at, '[)')
    where a.exclusive and b.exclusive and a.status in ('confirmed', 'pending') and b.status in ('confirmed', 'pending')`);

function tally(results: { statusCode: number; json(): { code?: string } }[]) {
  const count: Record<string, number> = {};
  for (const r of results) {
    const key = r.statusCode === 201 || r.statusCode === 200 ? String(r.statusCode) : `${r.statusCode} ${r.json().code}`;
    count[key] = (count[key] ?? 0) + 1;
  }
  return count;
}

describe.runIf(process.env.TEST_DB === 'postgres')('parallel bookings (PostgreSQL only: PGlite is one connection, so requests never overlap there)', () => {
  it('50 users booking one slot at once: exactly one 201 and 49 x 409 SLOT_TAKEN', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app, { duration: 30 });
    const date = upcomingWeekday();
    const results = await reportIfStalled(ctx.database, 'one slot', Promise.all(customers.map((c) => book(c, { businessId, serviceId, date, time: '10:00' }))));
    expect(tally(results)).toEqual({ '201': 1, '409 SLOT_TAKEN': 49 });
    expect(await overlaps()).toEqual([]);
    const credit = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_transfers where code = 'earned_booking'
      and appointment_id in (select id from appointments where business_id = ${businessId})`);
    expect(credit[0].n).toBe(1);
    expect((await assetTotals(ctx.database.db)).CREDIT).toEqual({ posted: 0, pending: 0 });
  });

  it('overlapping but different start times conflict too (60 minutes at 10:00 against 10:30)', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app, { duration: 60 });
    // Not the first test's day: its winner holds 10:00 there, and one place at a time would refuse them.
    const date = upcomingWeekday(2, 2);
    const results = await reportIfStalled(ctx.database, 'overlapping starts', Promise.all(customers.map((c, i) => book(c, { businessId, serviceId, date, time: i % 2 ? '10:30' : '10:00' }))));
    expect(tally(results)).toEqual({ '201': 1, '409 SLOT_TAKEN': 49 });
    expect(await overlaps()).toEqual([]);
  });

  it('parallel reschedules into one free slot: exactly one moves', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app, { duration: 30 });
    const date = upcomingWeekday(2, 1);
    const movers = customers.slice(0, 14);
    const ids: number[] = [];
    for (const [i, c] of movers.entries()) {
      const time = `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
      const res = await book(c, { businessId, serviceId, date, time });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const results = await reportIfStalled(ctx.database, 'parallel reschedules', Promise.all(movers.map((c, i) => c.patch(`/api/appointments/${ids[i]}`, { date, time: '16:30' }))));
    expect(tally(results)).toEqual({ '200': 1, '409 SLOT_TAKEN': 13 });
    expect(await overlaps()).toEqual([]);
  });

  it('never seats more than the restaurant holds under parallel bookings', async () => {
    const capacity = 10;
    const { businessId } = await restaurant(ctx.app, { seatingCapacity: capacity, maxPartySize: 4, reservationDuration: 120 });
    const date = upcomingDay(3);
    const times = ['18:00', '18:30', '19:00', '19:30'];
    const results = await reportIfStalled(ctx.database, 'restaurant seats', Promise.all(customers.map((c, i) => book(c, { businessId, date, time: times[i % times.length], partySize: 3 + (i % 2) }))));
    const counts = tally(results);
    expect(Object.keys(counts).sort()).toEqual(['201', '409 SLOT_TAKEN']);
    // the most seats in use at any reservation's start, counting every reservation still seated then
    const [load] = await rows<{ max: number }>(sql`
      select coalesce(max(seated), 0)::int as max from (
        select a.id, sum(b.party_size) as seated from appointments a join appointments b
          on b.business_id = a.business_id and b.status in ('confirmed', 'pending')
         and b.starts_at <= a.starts_at and b.ends_at > a.starts_at
        where a.business_id = ${businessId} and a.status in ('confirmed', 'pending') group by a.id) x`);
    expect(load.max).toBeGreaterThan(0);
    expect(load.max).toBeLessThanOrEqual(capacity);
  });

  it('staff: 20 "anyone" bookings of one time at a shop with 3 free members give exactly 3, each a different member, 30 runs', async () => {
    const shop = await serviceBusiness(ctx.app);
    await rows(sql`insert into staff_members (business_id, name, position) values (${shop.businessId}, 'Sam', 2), (${shop.businessId}, 'Priya', 3)`);
    const days = [upcomingWeekday(), upcomingWeekday(2, 1)];
    // Customers of their own: one place at a time would refuse the others' earlier bookings at these times.
    const people: Client[] = [];
    for (let i = 0; i < 20; i++) people.push(await signUp(ctx.app));
    for (let run = 0; run < 30; run++) {
      const minutes = 9 * 60 + (run % 15) * 30;
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const date = days[Math.floor(run / 15)];
      const results = await Promise.all(people.map((c) => book(c, { businessId: shop.businessId, serviceId: shop.serviceId, date, time })));
      expect(tally(results), `run ${run} at ${date} ${time}`).toEqual({ '201': 3, '409 SLOT_TAKEN': 17 });
      expect(new Set(results.filter((r) => r.statusCode === 201).map((r) => r.json().staffId)).size).toBe(3);
    }
    expect(await overlaps()).toEqual([]);
  }, 120_000);
});

