import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { book, restaurant } from '../appointments/test-fixtures.js';
import { queryRows } from '../../test/test-app.js';
import { nextClockChange } from '../../test/clock-zones.js';
import { addDays } from '../../../contract/time.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// The next Sunday (after today) on which New York's clocks go from 01:59 straight to 03:00: a date written
// here would be in the past one day, and on the day itself its small hours are already gone.
const SPRING_FORWARD = nextClockChange('America/New_York', 'forward');
// A Sunday without a gap to compare with: the week before, unless that is not ahead of us.
const daysAhead = (date: string) => (Date.parse(date) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
const PLAIN_SUNDAY = addDays(SPRING_FORWARD, daysAhead(SPRING_FORWARD) > 8 ? -7 : 7);

/**
 * A year's horizon does not always reach the next clock change: in the days after one, the same change
 * next year can be 371 days away (2026-11-01, then 2027-11-07).
 */
async function takeBookingsPastTheNextClockChange(shop: Awaited<ReturnType<typeof restaurant>>) {
  const res = await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { maxAdvanceDays: 400 } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a day the clocks spring forward (America/New_York)', () => {
  it('offers no start time inside the skipped hour and refuses to book one, while the hours around it stay bookable', async () => {
    const dining = await restaurant(ctx.app);
    await takeBookingsPastTheNextClockChange(dining);
    const night = await dining.owner.post('/api/restaurant-time-slots', {
      businessId: dining.businessId, dayOfWeek: 0, startTime: '01:00', endTime: '04:00', intervalMinutes: 30, isActive: true,
    });
    expect(night.statusCode, night.body).toBe(201);
    const slots = (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${dining.businessId}&date=${SPRING_FORWARD}&partySize=2` })).json() as string[];
    expect(slots.slice(0, 4)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(slots).not.toContain('02:00');
    expect(slots).not.toContain('02:30');
    // A week before or after has no gap: 02:00 and 02:30 are offered there.
    const plainSunday = (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${dining.businessId}&date=${PLAIN_SUNDAY}&partySize=2` })).json() as string[];
    expect(plainSunday.slice(0, 6)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);

    const guest = await signUp(ctx.app);
    const inGap = await book(guest, { businessId: dining.businessId, serviceId: dining.serviceId, date: SPRING_FORWARD, time: '02:30', partySize: 2 });
    // Not "taken": that time never happens that day, and the answer says so.
    expect(inGap.statusCode).toBe(400);
    expect(inGap.json()).toMatchObject({ code: 'VALIDATION', message: `time: 02:30 does not exist on ${SPRING_FORWARD} in America/New_York (the clocks skip it that day); please choose another time` });
    const afterGap = await book(guest, { businessId: dining.businessId, serviceId: dining.serviceId, date: SPRING_FORWARD, time: '03:00', partySize: 2 });
    expect(afterGap.statusCode, afterGap.body).toBe(201);
  });
});

// The next Sunday on which New York's 01:00–01:59 happens twice (EDT, then EST).
const FALL_BACK = nextClockChange('America/New_York', 'back');

/**
 * A restaurant seating one party of two, with two-hour reservations every half hour on Sunday nights
 * (restaurants take bookings months ahead, so the next clock changes can be booked).
 */
async function nightTable() {
  const shop = await restaurant(ctx.app, { seatingCapacity: 2, reservationDuration: 120 });
  await takeBookingsPastTheNextClockChange(shop);
  const night = await shop.owner.post('/api/restaurant-time-slots', {
    businessId: shop.businessId, dayOfWeek: 0, startTime: '00:00', endTime: '05:00', intervalMinutes: 30, isActive: true,
  });
  expect(night.statusCode, night.body).toBe(201);
  const at = (client: Awaited<ReturnType<typeof signUp>>, date: string, time: string) =>
    book(client, { businessId: shop.businessId, serviceId: shop.serviceId, date, time, partySize: 2 });
  const slots = async (date: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${shop.businessId}&date=${date}&partySize=2` })).json() as string[];
  return { ...shop, at, slots };
}

const periodOfRow = async (id: number) =>
  (await queryRows<{ s: string; e: string }>(ctx.database, `select to_char(starts_at, 'HH24:MI') as s, to_char(ends_at, 'HH24:MI') as e from appointments where id = ${id}`))[0];

describe('a visit lasts its real minutes across a clock change (America/New_York)', () => {
  it('spring forward: two hours from 01:00 end at 04:00 on the clock, so 03:00 is not free; rescheduling into the gap says why', async () => {
    const table = await nightTable();
    const [ann, ben] = [await signUp(ctx.app), await signUp(ctx.app)];
    const first = await table.at(ann, SPRING_FORWARD, '01:00');
    expect(first.statusCode, first.body).toBe(201);
    expect(await periodOfRow(first.json().id)).toEqual({ s: '01:00', e: '04:00' });
    // Anything starting before 04:00 would share the table for real minutes.
    expect((await table.slots(SPRING_FORWARD)).filter((t) => t < '05:00')).toEqual(['04:00', '04:30']);
    expect((await table.at(ben, SPRING_FORWARD, '03:00')).statusCode).toBe(409);
    const moved = await ann.patch(`/api/appointments/${first.json().id}`, { date: SPRING_FORWARD, time: '02:00' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toContain(`02:00 does not exist on ${SPRING_FORWARD} in America/New_York`);
  });

  it('fall back: two hours from 00:30 are over at 01:30 EST, which as a wall clock is 02:00, so 02:00 can be booked', async () => {
    const table = await nightTable();
    const [ann, ben] = [await signUp(ctx.app), await signUp(ctx.app)];
    const first = await table.at(ann, FALL_BACK, '00:30');
    expect(first.statusCode, first.body).toBe(201);
    expect(await periodOfRow(first.json().id)).toEqual({ s: '00:30', e: '02:00' });
    expect(await table.slots(FALL_BACK)).toContain('02:00');
    const next = await table.at(ben, FALL_BACK, '02:00');
    expect(next.statusCode, next.body).toBe(201);
    expect(await periodOfRow(next.json().id)).toEqual({ s: '02:00', e: '04:00' });
    // With Ann gone, 00:30 and even 01:00 (01:00 EDT + 2 h = 02:00 EST) end by Ben's 02:00, though on
    // the clock they read 02:30 and 03:00; 01:30 (+ 2 h = 02:30 EST) would overlap him.
    expect((await ann.patch(`/api/appointments/${first.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await table.slots(FALL_BACK)).filter((t) => t < '02:00')).toEqual(['00:00', '00:30', '01:00']);
    const carl = await signUp(ctx.app);
    const early = await table.at(carl, FALL_BACK, '01:00');
    expect(early.statusCode, early.body).toBe(201);
    expect(await periodOfRow(early.json().id)).toEqual({ s: '01:00', e: '02:00' });
  });
});

describe('"past" on a day the clocks go back is decided by instants (America/New_York)', () => {
  it('at 01:10 EST (the second 01:10) the first 01:30 is gone: the list starts at 02:00', async () => {
    const table = await nightTable();
    const at = (now: string) =>
      queryRows<{ slots: string[] }>(ctx.database, `select slots from que_day_slots(${table.businessId}, '${FALL_BACK}', ${table.serviceId}, 2, null, 1000, '${now}', true, null)`);
    // 05:10Z is 01:10 EDT, the first pass: 01:30 is still ahead.
    expect((await at(`${FALL_BACK}T05:10:00Z`))[0].slots[0]).toBe('01:30');
    // 06:10Z is 01:10 EST: the wall clock reads 01:10 again, but 01:30 meant 05:30Z, already past.
    expect((await at(`${FALL_BACK}T06:10:00Z`))[0].slots[0]).toBe('02:00');
  });
});
