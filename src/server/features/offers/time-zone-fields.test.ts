import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../contract/appointments.js';
import type { QueueEntry } from '../../../contract/live.js';
import type { Offer } from '../../../contract/offers.js';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness } from '../appointments/test-fixtures.js';
import { businessNow } from '../availability/business-clock.js';
import { addDays, dayOfWeek } from '../../../contract/time.js';
import { grantCredit } from './test-fixtures.js';

// Issue 18: a screen shows every time on the business's clock and says whose it is, so every view
// that carries a time carries its business's zone: appointments, both sides of an offer, queue
// entries (notifications: notification-slots.test.ts).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

const ZONE = 'Asia/Tokyo';
/** A weekday at least two days ahead on Tokyo's calendar (default hours are Mon-Fri). */
function tokyoWeekday() {
  let date = addDays(businessNow(ZONE).date, 2);
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6) date = addDays(date, 1);
  return date;
}

describe("the business's time zone on every view with a time", () => {
  it('appointments (own, the business-day list, the owner’s), both sides of an offer, queue entries', async () => {
    const shop = await serviceBusiness(ctx.app, {}, { timeZone: ZONE });
    const [payer, payee] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = tokyoWeekday();
    const late = await book(payer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '15:00' });
    const early = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
    expect([late.statusCode, early.statusCode]).toEqual([201, 201]);
    expect(late.json()).toMatchObject({ time: '15:00', timeZone: ZONE });

    const mine = (await payer.get('/api/appointments')).json() as Appointment[];
    expect(mine.map((a) => a.timeZone)).toEqual([ZONE]);
    const day = (await payer.get(`/api/appointments?businessId=${shop.businessId}&date=${date}`)).json() as Appointment[];
    expect(day.map((a) => a.timeZone)).toEqual([ZONE, ZONE]);
    const owners = (await shop.owner.get(`/api/appointments?businessId=${shop.businessId}`)).json() as Appointment[];
    expect(owners.every((a) => a.timeZone === ZONE)).toBe(true);

    await grantCredit(ctx.database, payer.user.id, 5000);
    const made = await payer.post('/api/queue-jump-offers', {
      fromAppointmentId: late.json().id, toAppointmentId: early.json().id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'credits',
    });
    expect(made.statusCode, made.body).toBe(201);
    const offer = made.json() as Offer;
    expect([offer.fromAppointment.timeZone, offer.toAppointment.timeZone]).toEqual([ZONE, ZONE]);
    const listed = (await payee.get(`/api/queue-jump-offers?forUser=${payee.user.id}`)).json() as Offer[];
    expect(listed[0].toAppointment).toMatchObject({ time: '09:00', timeZone: ZONE });

    const queue = (await payee.get(`/api/queue/customer/${payee.user.id}`)).json() as QueueEntry[];
    expect(queue.map((e) => e.timeZone)).toEqual([ZONE]);
    const slotQueue = (await payee.get(`/api/queue/${shop.businessId}/${shop.serviceId}/${date}/09:00`)).json() as QueueEntry[];
    expect(slotQueue.every((e) => e.timeZone === ZONE)).toBe(true);
  });
});
