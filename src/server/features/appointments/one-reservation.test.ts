import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSlot } from '../../../contract/time.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { reportIfStalled } from '../../test/stall-report.js';
import { book, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from './test-fixtures.js';

// Issue 17 (DESIGN section 5): a guest holds at most one confirmed reservation per restaurant and
// day. The probe took a restaurant's whole 40 seats at 19:00 with one account (five tables of 8)
// and sold a table back through an offer.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** "Thursday, November 26" for a date. */

describe('one reservation per guest, restaurant and day', () => {
  it('refuses the probe’s second to fifth table of 8 at 19:00 with 409 ONE_RESERVATION_PER_DAY, naming the table held', async () => {
    const bistro = await restaurant(ctx.app, { seatingCapacity: 40, maxPartySize: 8 });
    const hoarder = await signUp(ctx.app);
    const date = upcomingDay(5);
    const first = await book(hoarder, { businessId: bistro.businessId, date, time: '19:00', partySize: 8 });
    expect(first.statusCode, first.body).toBe(201);
    for (const time of ['19:00', '19:00', '20:30', '17:00']) {
      const more = await book(hoarder, { businessId: bistro.businessId, date, time, partySize: 8 });
      expect(more.statusCode).toBe(409);
      expect(more.json()).toEqual({
        code: 'ONE_RESERVATION_PER_DAY',
        message: `You already have a table at Bistro ${bistro.owner.user.id} at ${formatSlot(date, '19:00')}. Each guest may hold one reservation per restaurant per day: change that one instead.`,
      });
    }
    // the seats are there for everyone else
    expect((await book(await signUp(ctx.app), { businessId: bistro.businessId, date, time: '19:00', partySize: 8 })).statusCode).toBe(201);
    const [held] = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from appointments where customer_id = ${hoarder.user.id}`);
    expect(held.n).toBe(1);
  });

  it('allows another day, another restaurant, and the same day again once the table is cancelled', async () => {
    const [bistro, grill] = [await restaurant(ctx.app), await restaurant(ctx.app)];
    const guest = await signUp(ctx.app);
    const date = upcomingDay(5);
    const first = await book(guest, { businessId: bistro.businessId, date, time: '19:00', partySize: 2 });
    expect(first.statusCode).toBe(201);
    expect((await book(guest, { businessId: bistro.businessId, date: upcomingDay(6), time: '19:00', partySize: 2 })).statusCode).toBe(201);
    // Another restaurant that evening, once the first table is over (one place at a time).
    expect((await book(guest, { businessId: grill.businessId, date, time: '22:00', partySize: 2 })).statusCode).toBe(201);
    expect((await guest.patch(`/api/appointments/${first.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await book(guest, { businessId: bistro.businessId, date, time: '17:00', partySize: 2 })).statusCode).toBe(201);
  });

  it('refuses a reschedule onto a day the guest already has a table there; moving within the day is fine', async () => {
    const bistro = await restaurant(ctx.app);
    const guest = await signUp(ctx.app);
    const [day1, day2] = [upcomingDay(5), upcomingDay(6)];
    expect((await book(guest, { businessId: bistro.businessId, date: day1, time: '19:00', partySize: 2 })).statusCode).toBe(201);
    const other = await book(guest, { businessId: bistro.businessId, date: day2, time: '19:00', partySize: 2 });
    expect((await guest.patch(`/api/appointments/${other.json().id}`, { date: day2, time: '20:00' })).statusCode).toBe(200);
    const onto = await guest.patch(`/api/appointments/${other.json().id}`, { date: day1, time: '21:00' });
    expect(onto.statusCode).toBe(409);
    expect(onto.json().code).toBe('ONE_RESERVATION_PER_DAY');
    const [row] = await queryRows<{ day: string }>(ctx.database, `select to_char(starts_at, 'YYYY-MM-DD HH24:MI') as day from appointments where id = ${other.json().id}`);
    expect(row.day).toBe(`${day2} 20:00`);
  });

  it('leaves service businesses alone: several visits a day are fine', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(3);
    for (const time of ['09:00', '11:00']) expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time })).statusCode).toBe(201);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('parallel reservations of one guest at one restaurant (PostgreSQL)', () => {
  it('exactly one of 4 at once succeeds, 30 runs', async () => {
    const RUNS = 30;
    const bistro = await restaurant(ctx.app, { seatingCapacity: 40, maxPartySize: 8 });
    const outcomes: Record<string, number> = {};
    for (let run = 0; run < RUNS; run++) {
      const guest = await signUp(ctx.app);
      const date = upcomingDay(3 + run);
      const results = await reportIfStalled(
        ctx.database,
        'parallel reservations of one guest',
        Promise.all(['18:00', '19:00', '19:00', '20:30'].map((time) => book(guest, { businessId: bistro.businessId, date, time, partySize: 8 }))),
      );
      for (const r of results) {
        const key = r.statusCode === 201 ? '201' : `${r.statusCode} ${r.json().code}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const [held] = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from appointments where customer_id = ${guest.user.id} and status = 'confirmed'`);
      expect(held.n).toBe(1);
    }
    console.log(`reservation race: ${RUNS} runs of 4 at once: ${JSON.stringify(outcomes)}`);
    expect(outcomes).toEqual({ '201': RUNS, '409 ONE_RESERVATION_PER_DAY': 3 * RUNS });
  }, 240_000);
});
