import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOfWeek, minutesToTime } from '../../../contract/time.js';
import { changesFollowed, completeVisit, createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { serviceBusiness, TIME_ZONE, upcomingWeekday } from '../appointments/test-fixtures.js';
import { businessNow } from '../availability/business-clock.js';
import { expireDueOffers, settleDueOffers } from './offer-jobs.js';
import { appointmentTime, book, creditOffer, expectLedgerBalanced, grantCredit, restaurant, swapParties, wallet } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  // The sweeps are run by the tests themselves: the app's own would race them for due offers.
  ctx = await createTestApp({ OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

describe('move back', () => {
  it('swaps the sender into a later slot of the same service, paid by the sender', async () => {
    // The sender holds 09:00 and wants the later 15:00.
    const p = await swapParties(ctx.app, { payer: '09:00', payee: '15:00' });
    await grantCredit(ctx.database, p.payer.user.id, 1000);
    const jump = await creditOffer(p, 5);
    expect(jump.statusCode).toBe(400);
    expect(jump.json().message).toMatch(/earlier than yours/);
    const made = await creditOffer(p, 1, { offerType: 'move_back', message: 'Would you like to swap for an earlier time? I can take your later slot.' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ offerType: 'move_back', totalCharge: '6.00', recipientReceives: '0.95' });
    expect((await p.payee.post(`/api/queue-jump-offers/${made.json().id}/accept`)).statusCode).toBe(200);
    expect(await appointmentTime(p.payer, p.payerAppointmentId)).toMatchObject({ time: '15:00' });
    expect(await appointmentTime(p.payee, p.payeeAppointmentId)).toMatchObject({ time: '09:00' });
    await expectLedgerBalanced(ctx.database);
  });
});

describe('which appointment an offer may target (DESIGN section 6)', () => {
  it('a queue jump: same business, same date, earlier; a move back: same business and service, later', async () => {
    const p = await swapParties(ctx.app); // payer 15:00, payee 09:00, one service
    await grantCredit(ctx.database, p.payer.user.id, 5000);
    const otherShop = await serviceBusiness(ctx.app);
    const secondService = await p.owner.post(`/api/businesses/${p.businessId}/services`, { name: 'Long visit', duration: 30, price: '10.00' });
    const stranger = await signUp(ctx.app);
    const nextDay = upcomingWeekday(2, 1);
    const elsewhere = await book(p.payer, { businessId: otherShop.businessId, serviceId: otherShop.serviceId, date: p.date, time: '16:00' });
    const dayAfter = await book(p.payer, { businessId: p.businessId, serviceId: p.serviceId, date: nextDay, time: '15:00' });
    const otherService = await book(stranger, { businessId: p.businessId, serviceId: secondService.json().id, date: p.date, time: '16:00' });
    expect([elsewhere.statusCode, dayAfter.statusCode, otherService.statusCode]).toEqual([201, 201, 201]);
    const cases: [Record<string, unknown>, string][] = [
      [{ fromAppointmentId: elsewhere.json().id }, 'Both appointments must be at the same business'],
      [{ fromAppointmentId: dayAfter.json().id }, 'A queue jump targets an appointment on the same date as yours'],
      [{ toAppointmentId: otherService.json().id, offerType: 'move_back' }, 'A move back targets an appointment for the same service'],
      [{ offerType: 'move_back' }, 'A move back targets an appointment later than yours'],
    ];
    for (const [extra, message] of cases) {
      const res = await creditOffer(p, 10, extra);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await wallet(p.payer)).heldInEscrow).toBe('0.00');
  });
});

describe('sweeps', () => {
  it('expires at the earlier appointment\'s start when that comes before 24 hours', async () => {
    // Two tables two to three hours from now in the restaurant's zone, on a day whose time slot runs all day.
    const hour = 3_600_000;
    const soon = businessNow(TIME_ZONE, new Date(Date.now() + 3 * hour));
    const start = Math.floor(soon.minutes / 30) * 30;
    const [earlier, later] = start + 30 < 1440 ? [start, start + 30] : [start - 30, start];
    const dining = await restaurant(ctx.app);
    const slots = (await dining.owner.get(`/api/restaurant-time-slots/${dining.businessId}`)).json() as { id: number; dayOfWeek: number }[];
    const day = slots.find((s) => s.dayOfWeek === dayOfWeek(soon.date))!;
    const allDay = { businessId: dining.businessId, dayOfWeek: day.dayOfWeek, startTime: '00:00', endTime: '23:59', intervalMinutes: 30, isActive: true };
    expect((await dining.owner.put(`/api/restaurant-time-slots/${day.id}`, allDay)).statusCode).toBe(200);
    const [payee, payer] = [await signUp(ctx.app), await signUp(ctx.app)];
    const target = await book(payee, { businessId: dining.businessId, date: soon.date, time: minutesToTime(earlier), partySize: 2 });
    const own = await book(payer, { businessId: dining.businessId, date: soon.date, time: minutesToTime(later), partySize: 2 });
    expect([target.statusCode, own.statusCode], `${target.body} ${own.body}`).toEqual([201, 201]);
    await grantCredit(ctx.database, payer.user.id, 2000);
    const made = await payer.post('/api/queue-jump-offers', {
      fromAppointmentId: own.json().id, toAppointmentId: target.json().id, offerAmount: 5, offerType: 'queue_jump', paymentMethod: 'credits',
    });
    expect(made.statusCode, made.body).toBe(201);
    const expiresAt = new Date(made.json().expiresAt);
    expect(expiresAt.getTime() - Date.now()).toBeLessThan(3 * hour);
    expect(businessNow(TIME_ZONE, expiresAt)).toEqual({ date: soon.date, minutes: earlier });
  });

  it('expires an offer past its expiry once, returning the hold, and a second sweep finds nothing', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 1000);
    const made = (await creditOffer(p, 5)).json();
    // expires at the earlier of 24 h and the earlier appointment's start
    expect(Date.parse(made.expiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    await ctx.database.db.execute(sql`update offers set expires_at = now() - interval '1 second' where id = ${made.id}`);
    expect((await p.payee.post(`/api/queue-jump-offers/${made.id}/accept`)).statusCode).toBe(409);
    // The sweep skips an offer whose row another transaction holds: the offer's change is followed first.
    await changesFollowed(ctx.database);
    expect(await expireDueOffers(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await expireDueOffers(ctx.database.db)).toBe(0);
    expect((await p.payer.get(`/api/queue-jump-offers/${made.id}`)).json().status).toBe('expired');
    expect((await p.payer.get(`/api/credits/${p.payer.user.id}`)).json().credits).toBe('10.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('settles nothing twice', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 1000);
    const made = (await creditOffer(p, 5)).json();
    await p.payee.post(`/api/queue-jump-offers/${made.id}/accept`);
    await completeVisit(p.owner, p.payerAppointmentId);
    await completeVisit(p.owner, p.payeeAppointmentId);
    expect((await p.payee.get(`/api/queue-jump-offers/${made.id}`)).json().escrowStatus).toBe('released');
    expect(await settleDueOffers(ctx.database.db)).toBe(0);
    // Credit offers pay the recipient in credit: $5 - 5% = $4.75, plus the completed booking's $1.00.
    expect((await p.payee.get(`/api/credits/${p.payee.user.id}`)).json().credits).toBe('5.75');
    await expectLedgerBalanced(ctx.database);
  });

  it('ends every other live offer on an appointment when one of them swaps it, refunding that payer', async () => {
    const p = await swapParties(ctx.app);
    const rival = await signUp(ctx.app);
    const rivalSlot = await book(rival, { businessId: p.businessId, serviceId: p.serviceId, date: p.date, time: '16:00' });
    await grantCredit(ctx.database, p.payer.user.id, 1000);
    await grantCredit(ctx.database, rival.user.id, 1000);
    const mine = (await creditOffer(p, 5)).json();
    const theirs = await rival.post('/api/queue-jump-offers', {
      fromAppointmentId: rivalSlot.json().id, toAppointmentId: p.payeeAppointmentId, offerAmount: 5, paymentMethod: 'credits',
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await rival.get(`/api/credits/${rival.user.id}`)).json().credits).toBe('0.00');
    expect((await p.payee.post(`/api/queue-jump-offers/${mine.id}/accept`)).statusCode).toBe(200);
    expect((await rival.get(`/api/queue-jump-offers/${theirs.json().id}`)).json().status).toBe('cancelled');
    expect((await rival.get(`/api/credits/${rival.user.id}`)).json().credits).toBe('10.00');
    await expectLedgerBalanced(ctx.database);
  });
});
