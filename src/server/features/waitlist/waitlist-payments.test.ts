import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobsDone } from '../../jobs/jobs-test-support.js';
import { changesFollowed, clockOf, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { RULES } from '../../../contract/rules.js';
import { splitOffer } from '../../../contract/offer-fees.js';
import { type Client } from '../appointments/test-fixtures.js';
import {
  authorizedIntent, book, bookWithDeposit, businessEarnings, chargesOf, customerWithCard, expectLedgerBalanced, shopWithPolicy, startOf, upcomingWeekday,
} from '../deposits/test-fixtures.js';

// The waitlist with a service's payment policy (DESIGN section 11): a release's deposit and fees wait
// for its outcome (a claim: on time, refunded, no fee; the start unclaimed: late, kept, fee charged
// once), and a claim takes the same card a booking of the service needs (402 without).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.reset());

const deposit = { paymentPolicy: 'deposit', depositCents: 2000 };
const cardOnFile = { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 };

/** A shop with the policy and a week's cancel cut-off, and its customer's 10:00 booking two days ahead (inside it). */
async function bookedInsideCutoff(policies: Record<string, unknown>) {
  const shop = await shopWithPolicy(ctx.app, policies);
  expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { cancelCutoffMinutes: 10_080 } })).statusCode).toBe(200);
  const date = upcomingWeekday(2);
  let customer: Client;
  let res;
  if (policies.paymentPolicy === 'deposit') ({ customer, res } = await bookWithDeposit(ctx.app, shop, date, '10:00'));
  else {
    const card = await customerWithCard(ctx.app);
    customer = card.customer;
    res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00', paymentMethodId: card.paymentMethodId });
  }
  expect(res.statusCode, res.body).toBe(201);
  return { ...shop, date, customer, id: res.json().id as number };
}

const depositOf = async (id: number) =>
  (await queryRows<{ v: { status: string } | null }>(ctx.database, `select que_deposit_view(${id}) as v`))[0].v?.status;

async function release(c: Client, id: number) {
  const released = await c.post(`/api/appointments/${id}/release`);
  expect(released.statusCode, released.body).toBe(200);
  await changesFollowed(ctx.database);
}

/** A waiting customer for the 10:00 slot, offered it once released. */
async function waiter(shop: { businessId: number; serviceId: number; date: string }) {
  const w = await signUp(ctx.app);
  const joined = await w.post('/api/waitlist', { businessId: shop.businessId, serviceId: shop.serviceId, date: shop.date, fromTime: '10:00', toTime: '10:30' });
  expect(joined.statusCode, joined.body).toBe(201);
  return { w, entryId: joined.json().id as number };
}

/** Runs the release's start job with the app's clock just past the start. */
async function startPasses(shop: { date: string }, id: number) {
  clockOf(ctx.app).advanceTo(startOf(shop.date, '10:00') + 1000);
  await queryRows(ctx.database, `update graphile_worker._private_jobs set run_at = now() where key = 'waitlist:release:${id}'`);
  await jobsDone(ctx.database, ['waitlist_release_due']);
  await changesFollowed(ctx.database);
}

describe('a release of a booking with a deposit', () => {
  it('keeps the deposit held and charges nothing until claimed; the claim refunds it and needs the claimer\'s own deposit', async () => {
    const shop = await bookedInsideCutoff(deposit);
    const { w, entryId } = await waiter(shop);
    await release(shop.customer, shop.id);
    expect(await depositOf(shop.id)).toBe('held');
    expect(await chargesOf(ctx.database, shop.id)).toEqual([]);

    // The offer says what its claim takes: the deposit, under the week's cut-off it was held under.
    expect((await w.get('/api/waitlist')).json()[0].offer.payment).toEqual({
      paymentPolicy: 'deposit', depositCents: 2000, noShowFeeCents: null, lateCancelFeeCents: null, cancelCutoffMinutes: 10_080,
    });
    // The claim books a deposit service: without an authorized deposit it is refused, the hold kept.
    const bare = await w.post(`/api/waitlist/${entryId}/claim`);
    expect(bare.statusCode).toBe(402);
    expect(bare.json()).toEqual({ code: 'PAYMENT_REQUIRED', message: expect.stringContaining('deposit of $20.00') });
    const { paymentIntentId: wrong } = await authorizedIntent(w, 25);
    expect((await w.post(`/api/waitlist/${entryId}/claim`, { paymentIntentId: wrong })).statusCode).toBe(402);
    expect((await w.get('/api/waitlist')).json()[0]).toMatchObject({ id: entryId, status: 'offered' });

    const { paymentIntentId } = await authorizedIntent(w, 20);
    const claimed = await w.post(`/api/waitlist/${entryId}/claim`, { paymentIntentId });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const held = claimed.json().appointmentId as number;
    expect(await depositOf(held)).toBe('held');
    expect(await depositOf(shop.id)).toBe('refunded');
    expect(await chargesOf(ctx.database, shop.id)).toEqual([expect.objectContaining({ kind: 'deposit', outcome: 'refunded' })]);
    await expectLedgerBalanced(ctx.database);
  });

  it('keeps the deposit when nobody claims before the start', async () => {
    const shop = await bookedInsideCutoff(deposit);
    await release(shop.customer, shop.id);
    expect(await depositOf(shop.id)).toBe('held');
    await startPasses(shop, shop.id);
    expect(await depositOf(shop.id)).toBe('kept');
    await expectLedgerBalanced(ctx.database);
  });
});

describe('a release and a no-show of two deposit bookings swapped by a card offer', () => {
  // The waitlist model's seed -1888026994 (PostgreSQL and PGlite alike): the business's earnings
  // account holds the deposits it keeps AND the accepted offer's business fee once the swap's escrow
  // settles (DESIGN section 5: "posted to recipient, business and platform"; decision 0032: deposits
  // and fees go to the same business_fees account). The model had left the offer's fee out.
  it('gives the business both kept deposits and the offer\'s $5.00 fee, the recipient their share', async () => {
    const shop = await shopWithPolicy(ctx.app, deposit);
    expect((await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { cancelCutoffMinutes: 10_080 } })).statusCode).toBe(200);
    const date = upcomingWeekday(2);
    const payer = await bookWithDeposit(ctx.app, shop, date, '10:00');
    const recipient = await bookWithDeposit(ctx.app, shop, date, '11:00');
    const [payerId, recipientId] = [payer.res.json().id as number, recipient.res.json().id as number];
    const split = splitOffer(750, 'service');
    const intent = await authorizedIntent(payer.customer, split.totalCents / 100);
    const made = await payer.customer.post('/api/queue-jump-offers', {
      fromAppointmentId: payerId, toAppointmentId: recipientId, offerAmount: 7.5, offerType: 'move_back', paymentMethod: 'cash', paymentIntentId: intent.clientSecret,
    });
    expect(made.statusCode, made.body).toBe(201);
    const offerId = made.json().id as number;
    const accepted = await recipient.customer.post(`/api/queue-jump-offers/${offerId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The recipient releases the 10:00 the swap gave them; nobody claims it before it starts: late, kept.
    await release(recipient.customer, recipientId);
    await startPasses({ date }, recipientId);
    expect(await depositOf(recipientId)).toBe('kept');
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(2000);

    // The payer misses the 11:00 they bought: their deposit is kept, and with both finished the escrow settles.
    clockOf(ctx.app).advanceTo(startOf(date, '11:00') + RULES.noShowFromMinutesAfterStart * 60_000);
    const missed = await shop.owner.post(`/api/appointments/${payerId}/no-show`);
    expect(missed.statusCode, missed.body).toBe(200);
    await changesFollowed(ctx.database);
    expect(await chargesOf(ctx.database, payerId)).toEqual([{ kind: 'deposit', outcome: 'kept', amount_cents: 2000 }]);
    const settled = await queryRows<{ code: string; kind: string; amount: number }>(ctx.database,
      `select t.code, a.kind, t.amount::int as amount from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
        where t.offer_id = ${offerId} and t.code in ('offer_release', 'offer_fee') order by t.id`);
    expect(settled).toEqual([
      { code: 'offer_release', kind: 'user_earnings', amount: split.recipientCents },
      { code: 'offer_fee', kind: 'business_fees', amount: split.businessFeeCents },
      { code: 'offer_fee', kind: 'platform_fees', amount: split.platformFeeCents },
    ]);
    expect(await businessEarnings(ctx.database, shop.businessId)).toBe(2 * 2000 + RULES.businessFeeCents);
    await expectLedgerBalanced(ctx.database);
  });
});

describe('a release of a booking with a card on file', () => {
  it('charges the late-cancel fee once, only when nobody claims before the start', async () => {
    const shop = await bookedInsideCutoff(cardOnFile);
    await release(shop.customer, shop.id);
    expect(await chargesOf(ctx.database, shop.id)).toEqual([]);
    await startPasses(shop, shop.id);
    expect(await chargesOf(ctx.database, shop.id)).toEqual([{ kind: 'late_cancel_fee', outcome: 'charged', amount_cents: 1000 }]);
    // Decided once: the outcome again changes nothing.
    await queryRows(ctx.database, `select que_waitlist_release_due(${shop.id})`);
    const fees = await queryRows(ctx.database, `select 1 from ledger_transfers where appointment_id = ${shop.id} and code = 'late_cancel_fee'`);
    expect(fees).toHaveLength(1);
    await expectLedgerBalanced(ctx.database);
  });

  it('charges nothing when a waiter claims, and the claim needs the claimer\'s saved card', async () => {
    const shop = await bookedInsideCutoff(cardOnFile);
    const { w, entryId } = await waiter(shop);
    await release(shop.customer, shop.id);
    const bare = await w.post(`/api/waitlist/${entryId}/claim`);
    expect(bare.statusCode).toBe(402);
    const saved = await w.post('/api/payment-methods', { cardNumber: '4242 4242 4242 4242' });
    const claimed = await w.post(`/api/waitlist/${entryId}/claim`, { paymentMethodId: saved.json().paymentMethodId });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await startPasses(shop, shop.id);
    expect(await chargesOf(ctx.database, shop.id)).toEqual([]);
    const [card] = await queryRows<{ v: unknown }>(ctx.database, `select que_card_fees_view(${claimed.json().appointmentId}) as v`);
    expect(card.v).toEqual({ noShowFeeCents: 1500, lateCancelFeeCents: 1000, charged: [], declined: [] });
    await expectLedgerBalanced(ctx.database);
  });
});
