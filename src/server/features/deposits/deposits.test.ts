import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { cancelPaymentConsequences } from './cancel-consequences.js';
import {
  actionsOf, authorizedIntent, book, bookWithDeposit, businessEarnings, chargesOf, customerWithCard, expectLedgerBalanced, shopWithPolicy, startOf,
  upcomingWeekday,
} from './test-fixtures.js';

// Deposits and fees (DESIGN section 11): a deposit is held at booking from an authorized card payment
// of exactly its amount and posted, refunded or kept by how the appointment ends; a card kept on file
// is charged the no-show fee once. Every movement is a ledger transfer; every asset sums to zero.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.reset());

const MINUTE = 60_000;
const deposit = { paymentPolicy: 'deposit', depositCents: 2000 };

describe('the payment policy of a service', () => {
  it('is validated and read back by GET /api/services/{id}', async () => {
    const shop = await shopWithPolicy(ctx.app, {});
    const put = (policies: object) => shop.owner.put(`/api/services/${shop.serviceId}`, { name: 'Checkup', duration: 30, price: '40.00', policies });
    const noAmount = await put({ paymentPolicy: 'deposit' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().message).toContain('depositCents');
    expect((await put({ paymentPolicy: 'card_on_file' })).statusCode).toBe(400);
    expect((await put({ paymentPolicy: 'prepay' })).statusCode).toBe(400);
    expect((await put({ ...deposit, depositCents: 10 })).statusCode).toBe(400);
    expect((await put({ paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/services/${shop.serviceId}` })).json().policies).toEqual({
      paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000,
    });
  });
});

describe('a deposit service', () => {
  it('refuses a booking without an authorized payment of exactly the deposit (402) and keeps the slot free', async () => {
    const shop = await shopWithPolicy(ctx.app, deposit);
    const date = upcomingWeekday(3);
    const customer = await signUp(ctx.app);
    const slot = { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' };
    const none = await book(customer, slot);
    expect(none.statusCode).toBe(402);
    expect(none.json()).toEqual({ code: 'PAYMENT_REQUIRED', message: expect.stringContaining('deposit of $20.00') });
    const { paymentIntentId: wrong } = await authorizedIntent(customer, 25);
    const other = await book(customer, { ...slot, paymentIntentId: wrong });
    expect(other.statusCode).toBe(402);
    expect(other.json().message).toContain('authorize exactly $20.00');
    const unconfirmed = (await customer.post('/api/create-payment-intent', { amount: 20 })).json().paymentIntentId as string;
    expect((await book(customer, { ...slot, paymentIntentId: unconfirmed })).statusCode).toBe(402);
    const [count] = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from appointments where business_id = ${shop.businessId}`);
    expect(count.n).toBe(0);

    const { customer: payer, res } = await bookWithDeposit(ctx.app, shop, date, '10:00');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().deposit).toEqual({ amount: '20.00', status: 'held' });
    expect((await payer.get('/api/wallet')).json()).toMatchObject({ depositsHeld: '20.00' });
    await expectLedgerBalanced(ctx.database);
  });

  it('is refunded on a cancel in time: the hold voided, the card authorization cancelled', async () => {
    const shop = await shopWithPolicy(ctx.app, deposit);
    const { customer, res, paymentIntentId } = await bookWithDeposit(ctx.app, shop, upcomingWeekday(3), '11:00');
    const id = res.json().id as number;
    const cancelled = await customer.patch(`/api/appointments/${id}`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().deposit).toEqual({ amount: '20.00', status: 'refunded' });
    expect((await customer.get('/api/wallet')).json()).toMatchObject({ depositsHeld: '0.00' });
    expect(await actionsOf(ctx.database, paymentIntentId)).toEqual([{ kind: 'cancel', amountCents: 0 }]);
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(0);
    await expectLedgerBalanced(ctx.database);
  });

  it('is refunded when the business cancels', async () => {
    const shop = await shopWithPolicy(ctx.app, deposit);
    const { res } = await bookWithDeposit(ctx.app, shop, upcomingWeekday(3), '11:30');
    const cancelled = await shop.owner.patch(`/api/appointments/${res.json().id}`, { status: 'cancelled' });
    expect(cancelled.json().deposit).toEqual({ amount: '20.00', status: 'refunded' });
  });

  it('is posted to the business when the visit is completed, and the card captured', async () => {
    const shop = await shopWithPolicy(ctx.app, deposit);
    const date = upcomingWeekday(3);
    const { customer, res, paymentIntentId } = await bookWithDeposit(ctx.app, shop, date, '12:00');
    const id = res.json().id as number;
    ctx.clock.set(startOf(date, '12:00'));
    const done = await shop.owner.post(`/api/appointments/${id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json().deposit).toEqual({ amount: '20.00', status: 'posted' });
    expect(await actionsOf(ctx.database, paymentIntentId)).toEqual([{ kind: 'capture', amountCents: 2000 }, { kind: 'payout', amountCents: 2000 }]);
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(2000);
    const mine = (await customer.get('/api/appointments')).json() as { id: number; deposit: unknown }[];
    expect(mine.find((a) => a.id === id)?.deposit).toEqual({ amount: '20.00', status: 'posted' });
    await expectLedgerBalanced(ctx.database);
  });

  it('is kept by the business on a no-show, which the owner may mark from 15 minutes after the start (409 before)', async () => {
    const shop = await shopWithPolicy(ctx.app, deposit);
    const date = upcomingWeekday(3);
    const { customer, res, paymentIntentId } = await bookWithDeposit(ctx.app, shop, date, '13:00');
    const id = res.json().id as number;
    ctx.clock.set(startOf(date, '13:00') + 14 * MINUTE);
    const early = await shop.owner.post(`/api/appointments/${id}/no-show`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('it can be marked a no-show from 1:15 PM');
    expect((await customer.post(`/api/appointments/${id}/no-show`)).statusCode).toBe(403);

    ctx.clock.set(startOf(date, '13:00') + 15 * MINUTE);
    const missed = await shop.owner.post(`/api/appointments/${id}/no-show`);
    expect(missed.statusCode, missed.body).toBe(200);
    expect(missed.json()).toMatchObject({ status: 'no_show', deposit: { amount: '20.00', status: 'kept' } });
    expect(await chargesOf(ctx.database, id)).toEqual([{ kind: 'deposit', outcome: 'kept', amount_cents: 2000 }]);
    expect(await actionsOf(ctx.database, paymentIntentId)).toEqual([{ kind: 'capture', amountCents: 2000 }, { kind: 'payout', amountCents: 2000 }]);
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(2000);
    // the booking credit is voided, and the customer is told
    expect((await customer.get(`/api/credits/${customer.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '0.00' });
    const { notifications: notices } = (await customer.get('/api/notifications')).json() as { notifications: { title: string }[] };
    expect(notices.map((n) => n.title)).toContain('Marked as a no-show');
    const again = await shop.owner.post(`/api/appointments/${id}/no-show`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a confirmed appointment can be marked a no-show; this one is no-show');
    await expectLedgerBalanced(ctx.database);
  });
});

describe('a card-on-file service', () => {
  const cardOnFile = { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 };

  it('saves a test card; a declined one is 402', async () => {
    const customer = await signUp(ctx.app);
    const saved = await customer.post('/api/payment-methods', { cardNumber: '4242424242424242' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({ paymentMethodId: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242' });
    expect((await customer.post('/api/payment-methods', { cardNumber: '4000000000000002' })).statusCode).toBe(402);
    expect((await customer.post('/api/payment-methods', { cardNumber: 'abc' })).statusCode).toBe(400);
  });

  it('needs a saved card of the customer to book (402), and charges the no-show fee once', async () => {
    const shop = await shopWithPolicy(ctx.app, cardOnFile);
    const date = upcomingWeekday(4);
    const { customer, paymentMethodId } = await customerWithCard(ctx.app);
    const slot = { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' };
    expect((await book(customer, slot)).statusCode).toBe(402);
    const { paymentMethodId: someoneElses } = await customerWithCard(ctx.app);
    expect((await book(customer, { ...slot, paymentMethodId: someoneElses })).statusCode).toBe(402);
    const booked = await book(customer, { ...slot, paymentMethodId });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().deposit).toBeNull();
    expect(booked.json().cardFees).toEqual({ noShowFee: '15.00', lateCancelFee: '10.00', charged: [], declined: [] });
    const id = booked.json().id as number;

    ctx.clock.set(startOf(date, '09:00') + 20 * MINUTE);
    const marks = await Promise.all([shop.owner.post(`/api/appointments/${id}/no-show`), shop.owner.post(`/api/appointments/${id}/no-show`)]);
    expect(marks.map((m) => m.statusCode).sort()).toEqual([200, 409]);
    expect(await chargesOf(ctx.database, id)).toEqual([{ kind: 'no_show_fee', outcome: 'charged', amount_cents: 1500 }]);
    expect(await actionsOf(ctx.database, `pi_fee_${id}_no_show_fee`)).toEqual([{ kind: 'capture', amountCents: 1500 }, { kind: 'payout', amountCents: 1500 }]);
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(1500);
    const mine = (await customer.get('/api/appointments')).json() as { id: number; status: string; cardFees: unknown }[];
    expect(mine.find((a) => a.id === id)).toMatchObject({ status: 'no_show', cardFees: { charged: ['no_show_fee'] } });
    await expectLedgerBalanced(ctx.database);
  });

  it('charges nothing on a cancel in time', async () => {
    const shop = await shopWithPolicy(ctx.app, cardOnFile);
    const { customer, paymentMethodId } = await customerWithCard(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(4), time: '10:00', paymentMethodId });
    expect((await customer.patch(`/api/appointments/${booked.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await chargesOf(ctx.database, booked.json().id)).toEqual([]);
  });
});

describe('the consequences of a late cancel (cancelPaymentConsequences, for the waitlist\'s release)', () => {
  it('late: the deposit is kept; on time: refunded; once either way', async () => {
    const shop = await shopWithPolicy(ctx.app, deposit);
    const { res, paymentIntentId } = await bookWithDeposit(ctx.app, shop, upcomingWeekday(5), '14:00');
    const id = res.json().id as number;
    await unitOfWork(ctx.database.db, (tx) => cancelPaymentConsequences(tx, id, true));
    await unitOfWork(ctx.database.db, (tx) => cancelPaymentConsequences(tx, id, false));
    expect(await chargesOf(ctx.database, id)).toEqual([{ kind: 'deposit', outcome: 'kept', amount_cents: 2000 }]);
    expect(await actionsOf(ctx.database, paymentIntentId)).toEqual([{ kind: 'capture', amountCents: 2000 }, { kind: 'payout', amountCents: 2000 }]);
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(2000);
    await expectLedgerBalanced(ctx.database);
  });

  it('late with a card on file: the late-cancel fee is charged once', async () => {
    const shop = await shopWithPolicy(ctx.app, { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 });
    const { customer, paymentMethodId } = await customerWithCard(ctx.app);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(5), time: '15:00', paymentMethodId });
    const id = booked.json().id as number;
    await Promise.all([1, 2].map(() => unitOfWork(ctx.database.db, (tx) => cancelPaymentConsequences(tx, id, true))));
    await unitOfWork(ctx.database.db, (tx) => cancelPaymentConsequences(tx, id, true));
    expect(await chargesOf(ctx.database, id)).toEqual([{ kind: 'late_cancel_fee', outcome: 'charged', amount_cents: 1000 }]);
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(1000);
    await expectLedgerBalanced(ctx.database);
  });
});
