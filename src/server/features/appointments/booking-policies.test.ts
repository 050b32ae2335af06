import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { grantCredit } from '../offers/test-fixtures.js';
import { book, serviceBusiness, upcomingWeekday } from './test-fixtures.js';
import { instantIn, wallClockIn, zoneAtHour } from '../../test/clock-zones.js';

// Booking policies (DESIGN section 9) through the real app. Rules that depend on "now" use a UTC
// shop open around the clock, and slots a given number of minutes from the database's clock.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * A shop open 00:00-23:59 every day with a 30-minute service, with the policies given, in a zone where it
 * is now 06:xx (clock-zones.ts): "an hour from now" and "six hours from now" are on one local day at any
 * hour the suite runs (in a UTC shop both became the next midnight between 22:00 and 22:30 UTC).
 */
async function allDayShop(policies: Record<string, unknown> = {}) {
  const zone = zoneAtHour(6);
  const shop = await serviceBusiness(ctx.app, {}, { timeZone: zone.timeZone });
  const hours = await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours: DAYS.map((dayOfWeek) => ({ dayOfWeek, openTime: '00:00', closeTime: '23:59' })) });
  expect(hours.statusCode, hours.body).toBe(200);
  if (Object.keys(policies).length) {
    const res = await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** The first half-hour start at least `minutes` from now, as the shop's wall clock reads it. */
  const slotIn = (minutes: number): { date: string; time: string } => {
    const at = new Date(Date.now() + minutes * 60_000);
    at.setUTCSeconds(0, 0);
    const rest = at.getUTCMinutes() % 30;
    if (rest) at.setUTCMinutes(at.getUTCMinutes() + 30 - rest);
    const slot = wallClockIn(zone, at);
    // From 07:00 (an hour from 06:00) to 13:00 (six hours from 06:59): the day's last start is far off.
    expect(slot.time >= '06:30' && slot.time <= '13:30', `${slot.time} is on the shop's morning`).toBe(true);
    return slot;
  };
  return { ...shop, zone, slotIn };
}

describe('policy storage', () => {
  it('shows effective policies, changes only the keys given, restores a default with null, and validates', async () => {
    const shop = await serviceBusiness(ctx.app);
    const initial = (await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}` })).json();
    expect(initial.policies).toEqual({
      minNoticeMinutes: 0, maxAdvanceDays: 30, slotIntervalMinutes: null, cancelCutoffMinutes: null, rescheduleCutoffMinutes: null, maxActivePerCustomer: null, swapCutoffMinutes: 15, swapMarket: true,
    });
    await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { minNoticeMinutes: 120, cancelCutoffMinutes: 1440, swapMarket: false } });
    const second = await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { minNoticeMinutes: null, maxActivePerCustomer: 2 } });
    expect(second.json().policies).toMatchObject({ minNoticeMinutes: 0, cancelCutoffMinutes: 1440, maxActivePerCustomer: 2, swapMarket: false });
    for (const policies of [{ minNoticeMinutes: -1 }, { maxAdvanceDays: 0 }, { swapMarket: 'no' }, { cancelCutoffMinutes: 1.5 }, { unknown: 1 }]) {
      const bad = await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies });
      expect(bad.statusCode, JSON.stringify(policies)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    }
    const stranger = await signUp(ctx.app, 'business');
    expect((await stranger.patch(`/api/businesses/${shop.businessId}`, { policies: { minNoticeMinutes: 5 } })).statusCode).toBe(403);
  });

  it('keeps a service’s own overrides, merged key by key', async () => {
    const shop = await serviceBusiness(ctx.app);
    const base = { name: 'Checkup', duration: 30, price: '40.00' };
    const first = await shop.owner.put(`/api/services/${shop.serviceId}`, { ...base, policies: { minNoticeMinutes: 60, maxAdvanceDays: 7 } });
    expect(first.json().policies).toEqual({ minNoticeMinutes: 60, maxAdvanceDays: 7 });
    const second = await shop.owner.put(`/api/services/${shop.serviceId}`, { ...base, policies: { maxAdvanceDays: null, swapCutoffMinutes: 30 } });
    expect(second.json().policies).toEqual({ minNoticeMinutes: 60, swapCutoffMinutes: 30 });
    expect((await shop.owner.put(`/api/services/${shop.serviceId}`, { ...base, policies: { swapMarket: false } })).statusCode).toBe(400);
  });
});

describe('booking under policies', () => {
  it('a 2-hour-notice business refuses a booking an hour ahead with the reason, and leaves it out of the slots', async () => {
    const shop = await allDayShop({ minNoticeMinutes: 120 });
    const customer = await signUp(ctx.app);
    const soon = shop.slotIn(60);
    const refused = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, ...soon });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOO_SOON', message: expect.stringContaining("This business needs 120 minutes' notice") });
    const slots = (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${soon.date}` })).json();
    expect(slots).not.toContain(soon.time);
    const later = shop.slotIn(150);
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, ...later })).statusCode).toBe(201);
    // The owner is exempt.
    expect((await book(shop.owner, { businessId: shop.businessId, serviceId: shop.serviceId, ...soon })).statusCode).toBe(201);
  });

  it('earliest-available skips starts inside the notice, and follows a notice changed later', async () => {
    const shop = await allDayShop();
    const earliest = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}/earliest-appointment` });
      const { date, time } = res.json() as { date: string; time: string };
      return (instantIn(shop.zone, date, time) - Date.now()) / 60_000;
    };
    expect(await earliest()).toBeLessThan(60);
    await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { minNoticeMinutes: 240 } });
    const ahead = await earliest();
    expect(ahead).toBeGreaterThanOrEqual(239);
    expect(ahead).toBeLessThan(300);
  });

  it('spaces starts by the slot interval the service or business sets, and books only those', async () => {
    const shop = await serviceBusiness(ctx.app, { duration: 60 });
    const date = upcomingWeekday();
    const slots = async () => (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${date}` })).json() as string[];
    expect((await slots()).slice(0, 3)).toEqual(['09:00', '09:30', '10:00']);
    await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { slotIntervalMinutes: 90 } });
    expect(await slots()).toEqual(['09:00', '10:30', '12:00', '13:30', '15:00']);
    await shop.owner.put(`/api/services/${shop.serviceId}`, { name: 'Checkup', duration: 60, price: '40.00', policies: { slotIntervalMinutes: 15 } });
    expect((await slots()).slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    expect((await slots()).at(-1)).toBe('16:00');
    const customer = await signUp(ctx.app);
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:15' })).statusCode).toBe(201);
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '12:10' })).statusCode).toBe(409);
  });

  it('refuses a date past a maximum advance the service sets (TOO_FAR), and the slots stop there', async () => {
    const shop = await serviceBusiness(ctx.app);
    await shop.owner.put(`/api/services/${shop.serviceId}`, { name: 'Checkup', duration: 30, price: '40.00', policies: { maxAdvanceDays: 3 } });
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(5);
    const refused = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOO_FAR', message: expect.stringContaining('at most 3 days ahead') });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${shop.businessId}&serviceId=${shop.serviceId}&date=${date}` })).json()).toEqual([]);
  });

  it('counts a customer’s upcoming bookings at the business (CUSTOMER_LIMIT); a cancelled one frees a place', async () => {
    const shop = await serviceBusiness(ctx.app);
    await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { maxActivePerCustomer: 2 } });
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday();
    const at = (time: string) => book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
    const first = await at('09:00');
    expect((await at('10:00')).statusCode).toBe(201);
    const third = await at('11:00');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'CUSTOMER_LIMIT', message: expect.stringContaining('at most 2 upcoming bookings') });
    expect((await customer.patch(`/api/appointments/${first.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await at('11:00')).statusCode).toBe(201);
  });

  it('takes a service’s own limit over the business’s (none here): one upcoming booking of a consultation', async () => {
    const shop = await serviceBusiness(ctx.app, { name: 'Consultation', duration: 30, price: '40.00' });
    const base = { name: 'Consultation', duration: 30, price: '40.00' };
    expect((await shop.owner.put(`/api/services/${shop.serviceId}`, { ...base, policies: { maxActivePerCustomer: 1 } })).statusCode).toBe(200);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday();
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' })).statusCode).toBe(201);
    const second = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('CUSTOMER_LIMIT');
  });
});

describe('the customer limit under concurrency', () => {
  it('of six parallel bookings by one customer with a limit of 2, exactly 2 are made', async () => {
    const shop = await serviceBusiness(ctx.app);
    await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { maxActivePerCustomer: 2 } });
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday();
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    const results = await Promise.all(times.map((time) => book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(Array(4).fill('CUSTOMER_LIMIT'));
  });
});

describe('cut-offs', () => {
  it('a 24-hour cancel window refuses a late cancel but lets a swap through; the owner may still cancel', async () => {
    const shop = await allDayShop({ cancelCutoffMinutes: 1440 });
    const [payer, payee] = [await signUp(ctx.app), await signUp(ctx.app)];
    const early = shop.slotIn(120);
    const late = shop.slotIn(180);
    const payeeBooking = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, ...early });
    const payerBooking = await book(payer, { businessId: shop.businessId, serviceId: shop.serviceId, ...late });
    expect([payeeBooking.statusCode, payerBooking.statusCode]).toEqual([201, 201]);
    const refused = await payee.patch(`/api/appointments/${payeeBooking.json().id}`, { status: 'cancelled' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CANCEL_WINDOW_CLOSED', message: expect.stringContaining('1440 minutes before') });

    expect(early.date).toBe(late.date);
    await grantCredit(ctx.database, payer.user.id, 2000);
    const offer = await payer.post('/api/queue-jump-offers', {
      fromAppointmentId: payerBooking.json().id, toAppointmentId: payeeBooking.json().id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'credits',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await payee.post(`/api/queue-jump-offers/${offer.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await shop.owner.patch(`/api/appointments/${payerBooking.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
  });

  it('a cancel cut-off with no reschedule cut-off closes rescheduling too, so a late cancel cannot go round it by moving first', async () => {
    const shop = await allDayShop({ cancelCutoffMinutes: 1440 });
    const customer = await signUp(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, ...shop.slotIn(180) });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 1440 });
    const moved = await customer.patch(`/api/appointments/${booked.json().id}`, shop.slotIn(5 * 1440 + 60));
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'RESCHEDULE_WINDOW_CLOSED', message: expect.stringContaining('1440 minutes before') });
    const cancelled = await customer.patch(`/api/appointments/${booked.json().id}`, { status: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ code: 'CANCEL_WINDOW_CLOSED' });
    // My Appointments reads the same cut-off.
    const mine = (await customer.get('/api/appointments')).json() as { id: number; rescheduleCutoffMinutes: number | null }[];
    expect(mine.find((a) => a.id === booked.json().id)?.rescheduleCutoffMinutes).toBe(1440);
    // The owner is exempt: they may still cancel it.
    expect((await shop.owner.patch(`/api/appointments/${booked.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
  });

  it('a service’s cancel cut-off closes its rescheduling too, and a reschedule cut-off set anywhere wins over it', async () => {
    const shop = await allDayShop();
    const service = await shop.owner.put(`/api/services/${shop.serviceId}`, { name: 'Checkup', duration: 30, price: '40.00', policies: { cancelCutoffMinutes: 600 } });
    expect(service.statusCode, service.body).toBe(200);
    const customer = await signUp(ctx.app);
    const first = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, ...shop.slotIn(180) });
    expect(first.statusCode, first.body).toBe(201);
    const refused = await customer.patch(`/api/appointments/${first.json().id}`, shop.slotIn(3 * 1440 + 60));
    expect(refused.json()).toMatchObject({ code: 'RESCHEDULE_WINDOW_CLOSED', message: expect.stringContaining('600 minutes before') });

    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { rescheduleCutoffMinutes: 60 } })).statusCode).toBe(200);
    const second = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, ...shop.slotIn(240) });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ cancelCutoffMinutes: 600, rescheduleCutoffMinutes: 60 });
    const moved = await customer.patch(`/api/appointments/${second.json().id}`, shop.slotIn(4 * 1440 + 60));
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('keeps the policy an appointment was booked under: a cut-off set later does not apply to it', async () => {
    const shop = await allDayShop();
    const customer = await signUp(ctx.app);
    const before = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, ...shop.slotIn(120) });
    expect(before.statusCode, before.body).toBe(201);
    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { rescheduleCutoffMinutes: 1440 } })).statusCode).toBe(200);
    const after = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, ...shop.slotIn(180) });
    expect(after.statusCode, after.body).toBe(201);
    const target = shop.slotIn(300);
    const moved = await customer.patch(`/api/appointments/${before.json().id}`, target);
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await customer.patch(`/api/appointments/${after.json().id}`, shop.slotIn(360));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RESCHEDULE_WINDOW_CLOSED', message: expect.stringContaining('1440 minutes before') });
  });
});

describe('offers under policies', () => {
  it('with the swap market off, no offer is made (409)', async () => {
    const shop = await serviceBusiness(ctx.app);
    await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { swapMarket: false } });
    const [payer, payee] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingWeekday();
    const later = await book(payer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '15:00' });
    const earlier = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
    await grantCredit(ctx.database, payer.user.id, 2000);
    const offer = await payer.post('/api/queue-jump-offers', {
      fromAppointmentId: later.json().id, toAppointmentId: earlier.json().id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'credits',
    });
    expect(offer.statusCode).toBe(409);
    expect(offer.json().message).toBe('This business does not take swap offers');
  });

  it('makes no offer closer than the swap cut-off to the earlier start', async () => {
    const shop = await allDayShop({ swapCutoffMinutes: 120 });
    const [payer, payee] = [await signUp(ctx.app), await signUp(ctx.app)];
    const early = shop.slotIn(60);
    const late = shop.slotIn(90);
    const payeeBooking = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, ...early });
    const payerBooking = await book(payer, { businessId: shop.businessId, serviceId: shop.serviceId, ...late });
    expect([payeeBooking.statusCode, payerBooking.statusCode]).toEqual([201, 201]);
    expect(early.date).toBe(late.date);
    await grantCredit(ctx.database, payer.user.id, 2000);
    const offer = await payer.post('/api/queue-jump-offers', {
      fromAppointmentId: payerBooking.json().id, toAppointmentId: payeeBooking.json().id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'credits',
    });
    expect(offer.statusCode).toBe(409);
    expect(offer.json().message).toBe('Offers close 120 minutes before the earlier appointment starts');
  });
});
