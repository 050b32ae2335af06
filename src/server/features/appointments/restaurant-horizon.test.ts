import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../contract/time.js';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { businessNow } from '../availability/business-clock.js';
import { creditsOf } from '../credits/test-fixtures.js';
import { authorizedIntent } from '../payments/test-fixtures.js';
import { book, restaurant, TIME_ZONE, upcomingDay } from './test-fixtures.js';

// Restaurants take reservations up to RESTAURANT_BOOKING_HORIZON_DAYS ahead: the slot list and a
// booking agree, and a date past it is a 400 that says why (no credit for far-future bookings).

const daysAhead = (n: number) => addDays(businessNow(TIME_ZONE).date, n);

async function horizonCase(ctx: TestContext, horizon: number) {
  const { businessId } = await restaurant(ctx.app);
  const customer = await signUp(ctx.app);
  const slots = async (date: string) => (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${businessId}&date=${date}&partySize=2` })).json();
  const last = daysAhead(horizon);
  const beyond = daysAhead(horizon + 1);
  expect(await slots(last)).toContain('18:00');
  expect(await slots(beyond)).toEqual([]);

  const refused = await book(customer, { businessId, date: beyond, time: '18:00', partySize: 2 });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({ code: 'VALIDATION', message: `Reservations can be made at most ${horizon} days ahead. Please choose an earlier date.` });
  expect(await creditsOf(customer)).toMatchObject({ credits: '0.00', pending: '0.00' });

  const booked = await book(customer, { businessId, date: last, time: '18:00', partySize: 2 });
  expect(booked.statusCode, booked.body).toBe(201);
  // moving it past the horizon is refused the same way, and it stays where it was
  const moved = await customer.patch(`/api/appointments/${booked.json().id}`, { date: beyond, time: '18:00' });
  expect(moved.statusCode).toBe(400);
  expect(moved.json().code).toBe('VALIDATION');
  expect((await customer.patch(`/api/appointments/${booked.json().id}`, { date: upcomingDay(3), time: '19:00' })).statusCode).toBe(200);
}

describe('restaurant booking horizon (default 365 days)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('offers and books day 365, refuses day 366 with 400 and has no slots for it', () => horizonCase(ctx, 365));

  it('refuses a reservation in the year 9999, the way credit used to be farmed', async () => {
    const { businessId } = await restaurant(ctx.app);
    const customer = await signUp(ctx.app);
    const res = await book(customer, { businessId, date: '9999-12-31', time: '18:00', partySize: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 365 days ahead/);
  });
});

describe('RESTAURANT_BOOKING_HORIZON_DAYS set to 30', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RESTAURANT_BOOKING_HORIZON_DAYS: 30 });
  });
  afterAll(() => ctx.close());

  it('moves the limit for the slot list and bookings alike', () => horizonCase(ctx, 30));
});

describe('RESTAURANT_BOOKING_HORIZON_DAYS set to 400', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RESTAURANT_BOOKING_HORIZON_DAYS: 400 });
  });
  afterAll(() => ctx.close());

  // Accepting used the default 365-day horizon, so an offer made 380 days ahead could never bind.
  it('accepts a swap of two tables 380 days ahead: every use case gets the configured horizon', async () => {
    const { businessId } = await restaurant(ctx.app);
    const [early, late] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = daysAhead(380);
    const target = await book(early, { businessId, date, time: '18:00', partySize: 2 });
    const own = await book(late, { businessId, date, time: '20:00', partySize: 2 });
    expect([target.statusCode, own.statusCode]).toEqual([201, 201]);
    // Restaurant fees: $10 + 5% + $5 = $15.50
    const intent = await authorizedIntent(late, 15.5);
    const made = await late.post('/api/queue-jump-offers', {
      fromAppointmentId: own.json().id,
      toAppointmentId: target.json().id,
      offerAmount: 10,
      offerType: 'queue_jump',
      paymentMethod: 'cash',
      paymentIntentId: intent.clientSecret,
    });
    expect(made.statusCode, made.body).toBe(201);
    const accepted = await early.post(`/api/queue-jump-offers/${made.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await late.get(`/api/appointments`)).json()).toEqual([expect.objectContaining({ id: own.json().id, date, time: '18:00' })]);
  });
});
