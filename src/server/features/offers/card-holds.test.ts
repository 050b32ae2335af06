import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../../contract/rules.js';
import { createTestApp, queryRows, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness } from '../appointments/test-fixtures.js';
import { releaseUnclaimedIntents } from '../payments/release-card-holds.js';
import { authorizedIntent, cardOffer, expectLedgerBalanced, runPaymentActions, swapParties, wallet } from './test-fixtures.js';

// An authorized card payment that no offer claims is not escrow (DESIGN section 4): it is cancelled
// with the processor at once when the request that brought it is refused, and by a recurring job
// when left unclaimed for RULES.unclaimedCardHoldMinutes. The wallet never counts it as held.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function intentStatus(id: string) {
  const [row] = await queryRows<{ status: string; offer_id: number | null }>(ctx.database, `select status, offer_id from payment_intents where id = '${id}'`);
  return row;
}

describe('card holds no offer claims', () => {
  it('a refused offer request releases the card payment it brought; the wallet holds only the live offer', async () => {
    const p = await swapParties(ctx.app);
    expect((await cardOffer(p, 25)).statusCode).toBe(201);
    // A second offer on the same appointment is refused after its card was authorized.
    const card = await authorizedIntent(p.payer, 30);
    const refused = await p.payer.post('/api/queue-jump-offers', {
      fromAppointmentId: p.payerAppointmentId, toAppointmentId: p.payeeAppointmentId, offerAmount: 25, offerType: 'queue_jump',
      paymentMethod: 'cash', paymentIntentId: card.clientSecret,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    // Its cancel is a payment job, added with the release and run at once by the app's runner.
    await runPaymentActions(ctx.app);
    expect(await intentStatus(card.paymentIntentId)).toEqual({ status: 'canceled', offer_id: null });
    expect((await wallet(p.payer)).heldInEscrow).toBe('30.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('a refused accept of a raised counter releases its top-up card payment', async () => {
    const p = await swapParties(ctx.app, { payer: '15:00', payee: '09:00' });
    const offer = await cardOffer(p, 25);
    expect(offer.statusCode, offer.body).toBe(201);
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.json().id}/negotiate`, { counterAmount: 40 })).statusCode).toBe(200);
    // The payee now holds a visit elsewhere at the payer's 15:00: the swap cannot happen.
    const elsewhere = await serviceBusiness(ctx.app, { duration: 30 });
    expect((await book(p.payee, { businessId: elsewhere.businessId, serviceId: elsewhere.serviceId, date: p.date, time: '15:00' })).statusCode).toBe(201);
    const topUp = await authorizedIntent(p.payer, 15);
    const refused = await p.payer.post(`/api/queue-jump-offers/${offer.json().id}/accept-counter`, { paymentIntentId: topUp.paymentIntentId });
    expect(refused.statusCode, refused.body).toBe(409);
    await runPaymentActions(ctx.app);
    expect(await intentStatus(topUp.paymentIntentId)).toEqual({ status: 'canceled', offer_id: null });
    expect((await wallet(p.payer)).heldInEscrow).toBe('30.00');
  });

  it(`the worker releases a card payment left unclaimed for ${RULES.unclaimedCardHoldMinutes} minutes, and only that one`, async () => {
    const p = await swapParties(ctx.app);
    const old = await authorizedIntent(p.payer, 30);
    const fresh = await authorizedIntent(p.payer, 30);
    await queryRows(ctx.database, `update payment_intents set updated_at = now() - interval '${RULES.unclaimedCardHoldMinutes + 1} minutes' where id = '${old.paymentIntentId}'`);
    expect((await wallet(p.payer)).heldInEscrow).toBe('0.00');

    expect(await releaseUnclaimedIntents(ctx.app.db)).toBeGreaterThanOrEqual(1);
    await runPaymentActions(ctx.app);
    expect(await intentStatus(old.paymentIntentId)).toEqual({ status: 'canceled', offer_id: null });
    expect((await intentStatus(fresh.paymentIntentId)).status).toBe('requires_capture');
    expect(await releaseUnclaimedIntents(ctx.app.db)).toBe(0);

    // The released one pays for nothing; the fresh one still does.
    const offer = (paymentIntentId: string) => p.payer.post('/api/queue-jump-offers', {
      fromAppointmentId: p.payerAppointmentId, toAppointmentId: p.payeeAppointmentId, offerAmount: 25, offerType: 'queue_jump', paymentMethod: 'cash', paymentIntentId,
    });
    const withOld = await offer(old.paymentIntentId);
    expect(withOld.statusCode).toBe(400);
    expect(withOld.json().message).toMatch(/canceled/);
    expect((await offer(fresh.paymentIntentId)).statusCode).toBe(201);
    expect((await wallet(p.payer)).heldInEscrow).toBe('30.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('a released card payment cannot be claimed, even by a request already under way', async () => {
    const p = await swapParties(ctx.app);
    const card = await authorizedIntent(p.payer, 30);
    await queryRows(ctx.database, `update payment_intents set updated_at = now() - interval '1 hour' where id = '${card.paymentIntentId}'`);
    const [released, created] = await Promise.all([releaseUnclaimedIntents(ctx.app.db), cardOfferWith(p, card.paymentIntentId)]);
    const row = await intentStatus(card.paymentIntentId);
    // Exactly one of the two had it.
    if (created.statusCode === 201) expect(row.offer_id).toBe(created.json().id);
    else expect([released, row.offer_id, created.statusCode]).toEqual([expect.any(Number), null, 400]);
    expect(released > 0).toBe(created.statusCode !== 201);
  });
});

function cardOfferWith(p: Awaited<ReturnType<typeof swapParties>>, paymentIntentId: string) {
  return p.payer.post('/api/queue-jump-offers', {
    fromAppointmentId: p.payerAppointmentId, toAppointmentId: p.payeeAppointmentId, offerAmount: 25, offerType: 'queue_jump', paymentMethod: 'cash', paymentIntentId,
  });
}
