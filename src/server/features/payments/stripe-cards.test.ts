import { describe, expect, it } from 'vitest';
import { queryRows, signUp } from '../../test/test-app.js';
import { book, businessEarnings, chargesOf, expectLedgerBalanced, shopWithPolicy, startOf, upcomingWeekday } from '../deposits/test-fixtures.js';
import { DOUBLE_CARDS } from './stripe-double-cards.js';
import { lastPost, runPayments, useStripeApp } from './stripe-test-support.js';

// Cards on file with PAYMENTS=stripe (DESIGN section 11): saved through a SetupIntent the browser
// confirms (here the double's confirmSetup, as Stripe.js would), and a no-show or late-cancel fee
// charged off-session to it by the fee's payment job, once per appointment and kind.

const t = useStripeApp();

type Client = Awaited<ReturnType<typeof signUp>>;
const MINUTE = 60_000;
const cardOnFile = { paymentPolicy: 'card_on_file', noShowFeeCents: 1500, lateCancelFeeCents: 1000 };
const customerRequests = () => t.stripe.received.filter((r) => r.method === 'POST' && r.path === '/v1/customers');

/** Saves a card as the browser does with Stripe: a SetupIntent from the server, confirmed with Stripe, its id sent back. */
async function saveCard(customer: Client, testCard: string = DOUBLE_CARDS.visa) {
  const setup = await customer.post('/api/setup-intents', {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { setupIntentId } = setup.json() as { setupIntentId: string };
  t.stripe.cards.confirmSetup(setupIntentId, testCard);
  return { setupIntentId, res: await customer.post('/api/payment-methods', { setupIntentId }) };
}

describe('saving a card with Stripe', () => {
  it('makes the user one Customer and a SetupIntent for off-session use, and records the card it saved once', async () => {
    const pat = await signUp(t.ctx.app);
    const before = customerRequests().length;
    const setup = await pat.post('/api/setup-intents', {});
    expect(setup.json()).toEqual({ setupIntentId: expect.stringMatching(/^seti_/), clientSecret: expect.stringMatching(/^seti_\w+_secret_/) });
    expect(customerRequests()).toHaveLength(before + 1);
    expect(lastPost(t.stripe, '/v1/customers').headers['idempotency-key']).toBe(`que-customer-${pat.user.id}`);
    expect(Object.fromEntries(lastPost(t.stripe, '/v1/setup_intents').form)).toMatchObject({
      usage: 'off_session', 'allowed_payment_method_types[0]': 'card', 'metadata[que_user_id]': String(pat.user.id), customer: expect.stringMatching(/^cus_/),
    });

    // not confirmed yet: refused, nothing saved
    const early = await pat.post('/api/payment-methods', { setupIntentId: setup.json().setupIntentId });
    expect(early.statusCode, early.body).toBe(402);

    const { setupIntentId, res } = await saveCard(pat);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ paymentMethodId: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242' });
    expect(customerRequests()).toHaveLength(before + 1); // the second set-up reused the Customer
    const again = await pat.post('/api/payment-methods', { setupIntentId });
    expect(again.json().paymentMethodId).toBe(res.json().paymentMethodId);
    const rows = await queryRows<{ processor: string; processor_ref: string; customer_ref: string }>(t.ctx.database,
      `select processor, processor_ref, customer_ref from payment_methods where setup_ref = '${setupIntentId}'`);
    expect(rows).toEqual([{ processor: 'stripe', processor_ref: expect.stringMatching(/^pm_double/), customer_ref: expect.stringMatching(/^cus_double/) }]);
  });

  it("refuses someone else's SetupIntent (400), a declined card (402) and a card number (400)", async () => {
    const { setupIntentId } = await saveCard(await signUp(t.ctx.app));
    const sam = await signUp(t.ctx.app);
    expect((await sam.post('/api/payment-methods', { setupIntentId })).statusCode).toBe(400);
    expect((await sam.post('/api/payment-methods', { setupIntentId: 'seti_unknown1' })).statusCode).toBe(400);
    expect((await saveCard(sam, DOUBLE_CARDS.declined)).res.statusCode).toBe(402);
    const number = await sam.post('/api/payment-methods', { cardNumber: '4242424242424242' });
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toContain('never takes card numbers');
    expect((await sam.post('/api/payment-methods', {})).statusCode).toBe(400);
    expect(await queryRows(t.ctx.database, `select 1 from payment_methods where user_id = ${sam.user.id}`)).toEqual([]);
  });
});

describe('a fee charged to a card saved with Stripe', () => {
  async function noShow(testCard: string) {
    const shop = await shopWithPolicy(t.ctx.app, cardOnFile);
    const customer = await signUp(t.ctx.app);
    const { res } = await saveCard(customer, testCard);
    const date = upcomingWeekday(4);
    const booked = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00', paymentMethodId: res.json().paymentMethodId });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as number;
    t.ctx.clock.set(startOf(date, '09:00') + 20 * MINUTE);
    expect((await shop.owner.post(`/api/appointments/${id}/no-show`)).statusCode).toBe(200);
    return { shop, customer, id, intentId: `pi_fee_${id}_no_show_fee` };
  }
  const intentRow = async (id: string) =>
    (await queryRows<{ status: string; processor_ref: string | null; captured_cents: number | null }>(t.ctx.database,
      `select status, processor_ref, captured_cents from payment_intents where id = '${id}'`))[0];
  const actionRow = async (id: string, kind = 'capture') =>
    (await queryRows<{ status: string; last_error: string | null }>(t.ctx.database, `select status, last_error from payment_actions where payment_intent_id = '${id}' and kind = '${kind}'`))[0];

  it('is a PaymentIntent confirmed off-session on the Customer and card, made once even when its job runs again', async () => {
    const { shop, intentId, id } = await noShow(DOUBLE_CARDS.visa);
    const chargesBefore = t.stripe.cards.charges();
    await runPayments(t.ctx);
    const sent = lastPost(t.stripe, '/v1/payment_intents');
    expect(Object.fromEntries(sent.form)).toMatchObject({
      amount: '1500', currency: 'usd', off_session: 'true', confirm: 'true', customer: expect.stringMatching(/^cus_/), payment_method: expect.stringMatching(/^pm_double/),
      'metadata[que_intent_id]': intentId,
    });
    expect(sent.headers['idempotency-key']).toMatch(/^que-action-\d+-capture$/);
    expect(t.stripe.cards.charges()).toBe(chargesBefore + 1);
    expect(await intentRow(intentId)).toEqual({ status: 'succeeded', processor_ref: expect.stringMatching(/^pi_double/), captured_cents: 1500 });
    expect(await chargesOf(t.ctx.database, id)).toEqual([{ kind: 'no_show_fee', outcome: 'charged', amount_cents: 1500 }]);
    expect(await businessEarnings(t.ctx.database, shop.businessId)).toBe(1500);

    // A runner killed after Stripe's answer and before the mark: the action runs again, with the same key.
    await queryRows(t.ctx.database, `update payment_actions set status = 'pending' where payment_intent_id = '${intentId}' and kind = 'capture'`);
    await queryRows(t.ctx.database, `select que_payment_job_add('${intentId}', null, now())`);
    await queryRows(t.ctx.database, `update payment_intents set processor_ref = null where id = '${intentId}'`);
    await runPayments(t.ctx);
    const asked = t.stripe.received.filter((r) => r.path === '/v1/payment_intents' && r.form.get('metadata[que_intent_id]') === intentId);
    expect(asked.map((r) => r.headers['idempotency-key'])).toEqual([sent.headers['idempotency-key'], sent.headers['idempotency-key']]);
    expect(t.stripe.cards.charges()).toBe(chargesBefore + 1);
    expect((await actionRow(intentId)).status).toBe('done');
    await expectLedgerBalanced(t.ctx.database);
  });

  it('declined off-session: the action fails for a person to follow up, is not retried, and nothing is paid out', async () => {
    const { intentId } = await noShow(DOUBLE_CARDS.chargeFails);
    const chargesBefore = t.stripe.cards.charges();
    await runPayments(t.ctx);
    expect(t.stripe.cards.charges()).toBe(chargesBefore);
    expect(await actionRow(intentId)).toEqual({ status: 'failed', last_error: expect.stringContaining('Your card was declined') });
    // and the business is paid nothing of a fee the card never paid
    expect(await actionRow(intentId, 'payout')).toEqual({ status: 'failed', last_error: expect.stringContaining('was not captured') });
    await expectLedgerBalanced(t.ctx.database);
  });
});
