import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dayOfWeek, formatSlot } from '../../../contract/time.js';
import { SqlState, sqlStateOf } from '../../db/sql-state.js';
import { instantOf } from '../../time/business-time.js';
import { completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, restaurant, serviceBusiness, TIME_ZONE, upcomingDay, upcomingWeekday } from './test-fixtures.js';

// Issue 17: completing a visit is what releases its booking credit and a swap's escrow, so it can be
// done from 60 minutes before the start, not days ahead; and a completed visit keeps its time, so
// it is never sold again (DESIGN section 4).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.reset());

const slots = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?${query}` })).json() as string[];
const startOf = (date: string, time: string) => instantOf(date, time, TIME_ZONE)!.epochMilliseconds;
const MINUTE = 60_000;
/** "Thursday, November 26" for a date. */

describe('completing an appointment: from 60 minutes before its start', () => {
  it('refuses earlier with 409 naming both times in the business’s zone, and changes nothing', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(3);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as number;

    for (const early of [startOf(date, '09:00') - 3 * 24 * 60 * MINUTE, startOf(date, '09:00') - 61 * MINUTE]) {
      ctx.clock.set(early);
      const res = await shop.owner.post(`/api/appointments/${id}/complete`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        message: `This appointment starts at ${formatSlot(date, '09:00')}; it can be marked completed from 8:00 AM`,
      });
    }
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '1.00' });
    const [row] = await queryRows<{ status: string }>(ctx.database, `select status from appointments where id = ${id}`);
    expect(row.status).toBe('confirmed');

    ctx.clock.set(startOf(date, '09:00') - 60 * MINUTE);
    const done = await shop.owner.post(`/api/appointments/${id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, status: 'completed' });
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '1.00', pending: '0.00' });
  });

  it('names the day before when the hour before the start falls on it', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingDay(3);
    expect((await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours: [{ dayOfWeek: dayOfWeek(date), openTime: '00:00', closeTime: '06:00' }] })).statusCode).toBe(200);
    const customer = await signUp(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '00:30' });
    expect(booked.statusCode).toBe(201);
    ctx.clock.set(startOf(date, '00:30') - 2 * 60 * MINUTE);
    const res = await shop.owner.post(`/api/appointments/${booked.json().id}/complete`);
    expect(res.statusCode).toBe(409);
    const dayBefore = new Date(Date.parse(`${date}T12:00:00Z`) - 24 * 60 * MINUTE).toISOString().slice(0, 10);
    expect(res.json().message).toBe(`This appointment starts at ${formatSlot(date, '00:30')}; it can be marked completed from ${formatSlot(dayBefore, '23:30')}`);
  });
});

describe('a completed visit keeps its time', () => {
  it('a service business’s: not offered again, and booking it is 409 SLOT_TAKEN', async () => {
    const shop = await serviceBusiness(ctx.app);
    const first = await signUp(ctx.app);
    const date = upcomingWeekday(3);
    const booked = await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(booked.statusCode).toBe(201);
    // completed half an hour before its start (the rule allows it from an hour before)
    ctx.clock.set(startOf(date, '10:00') - 30 * MINUTE);
    expect((await shop.owner.post(`/api/appointments/${booked.json().id}/complete`)).statusCode).toBe(200);
    ctx.clock.reset();

    const free = await slots(`businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${date}`);
    expect(free).toContain('09:30');
    expect(free).not.toContain('10:00');
    const second = await signUp(ctx.app);
    const again = await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SLOT_TAKEN');
    // nor can a confirmed booking be moved onto it
    const other = await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00' });
    expect((await second.patch(`/api/appointments/${other.json().id}`, { date, time: '10:00' })).statusCode).toBe(409);
  });

  it('a restaurant’s: the completed table’s seats stay taken', async () => {
    const bistro = await restaurant(ctx.app, { seatingCapacity: 10, maxPartySize: 8 });
    const date = upcomingDay(3);
    const diner = await signUp(ctx.app);
    const booked = await book(diner, { businessId: bistro.businessId, date, time: '19:00', partySize: 8 });
    expect(booked.statusCode).toBe(201);
    ctx.clock.set(startOf(date, '19:00'));
    expect((await bistro.owner.post(`/api/appointments/${booked.json().id}/complete`)).statusCode).toBe(200);
    ctx.clock.reset();

    expect(await slots(`businessId=${bistro.businessId}&date=${date}&partySize=2`)).toContain('19:00');
    expect(await slots(`businessId=${bistro.businessId}&date=${date}&partySize=3`)).not.toContain('19:00');
    const party = await book(await signUp(ctx.app), { businessId: bistro.businessId, date, time: '19:00', partySize: 3 });
    expect(party.statusCode).toBe(409);
  });

  it('the overlap constraint itself refuses a confirmed row over a completed one', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(3);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '14:00' });
    expect((await completeVisit(shop.owner, booked.json().id)).statusCode).toBe(200);
    const insert = ctx.database.db.execute(
      `insert into appointments (business_id, service_id, customer_id, starts_at, ends_at, duration, price_cents, status, exclusive,
                                 customer_name, customer_email, customer_phone)
       values (${shop.businessId}, ${shop.serviceId}, ${customer.user.id}, '${date} 14:15', '${date} 14:45', 30, 0, 'confirmed', true, 'A', 'a@example.com', '555')`,
    );
    await expect(insert.then(() => null, (error: unknown) => sqlStateOf(error))).resolves.toBe(SqlState.exclusionViolation);
  });
});
