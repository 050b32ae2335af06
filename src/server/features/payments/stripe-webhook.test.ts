import { describe, expect, it } from 'vitest';
import { queryRows, signUp } from '../../test/test-app.js';
import { insertIntent } from './payment-intents.repository.js';
import { DOUBLE_CARDS } from './stripe-double-cards.js';
import { deliver, runPayments, signedEvent, useStripeApp } from './stripe-test-support.js';

// POST /api/stripe/webhook (PAYMENTS=stripe): Stripe-Signature verified over the raw body, each event
// kept once by its id, and what it tells reconciled by a job of the job queue.

const t = useStripeApp();

const eventRows = () => queryRows<{ id: string; handled: boolean }>(t.ctx.database, `select id, handled_at is not null as handled from stripe_events order by received_at`);
const stripeEventJobs = async () =>
  (await queryRows<{ n: number }>(t.ctx.database, `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'payments_stripe_event'`))[0].n;
const intentStatus = async (id: string) => (await queryRows<{ status: string; captured_cents: number | null }>(t.ctx.database, `select status, captured_cents from payment_intents where id = '${id}'`))[0];

async function stripeIntent(status: 'requires_payment_method' | 'requires_capture') {
  const customer = await signUp(t.ctx.app);
  const n = Math.floor(Math.random() * 1e9);
  const row = { id: `pi_ours${n}`, clientSecret: `pi_ours${n}_secret_x`, userId: customer.user.id, amountCents: 3000, processor: 'stripe' as const, processorRef: `pi_stripe${n}`, status };
  await insertIntent(t.ctx.app.db, row);
  return row;
}

describe('the Stripe webhook', () => {
  it('refuses a bad, missing or foreign signature with 400 and keeps nothing', async () => {
    const before = await eventRows();
    const sent = signedEvent('payment_intent.succeeded', { id: 'pi_x' });
    const tampered = await deliver(t.ctx, { ...sent, payload: sent.payload.replace('pi_x', 'pi_y') });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe('The Stripe-Signature does not match this event');
    expect((await deliver(t.ctx, signedEvent('payment_intent.succeeded', { id: 'pi_x' }, 'whsec_someoneElse'))).statusCode).toBe(400);
    const unsigned = await t.ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: sent.payload });
    expect(unsigned.statusCode).toBe(400);
    const notJson = await t.ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'text/plain', 'stripe-signature': sent.signature }, payload: sent.payload });
    expect(notJson.statusCode).toBe(415);
    expect(await eventRows()).toEqual(before);
  });

  it('keeps an event once by its id: a redelivery is answered 200 and adds no second job', async () => {
    const jobsBefore = await stripeEventJobs();
    const sent = signedEvent('customer.created', { id: 'cus_x' });
    const first = await deliver(t.ctx, sent);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(t.ctx, sent)).json()).toEqual({ received: true, duplicate: true });
    expect(await stripeEventJobs()).toBe(jobsBefore + 1);
    await runPayments(t.ctx);
    expect((await eventRows()).filter((e) => e.id === sent.event.id)).toEqual([{ id: sent.event.id, handled: true }]);
  });

  it('reconciles payment intents: authorized in the browser, captured, cancelled; never backwards', async () => {
    const confirmed = await stripeIntent('requires_payment_method');
    await deliver(t.ctx, signedEvent('payment_intent.amount_capturable_updated', { id: confirmed.processorRef, object: 'payment_intent', status: 'requires_capture', amount_received: 0, metadata: {} }));
    const captured = await stripeIntent('requires_capture');
    await deliver(t.ctx, signedEvent('payment_intent.succeeded', { id: captured.processorRef, object: 'payment_intent', status: 'succeeded', amount_received: 3000, metadata: {} }));
    const canceled = await stripeIntent('requires_capture');
    await deliver(t.ctx, signedEvent('payment_intent.canceled', { id: canceled.processorRef, object: 'payment_intent', status: 'canceled', metadata: {} }));
    // a late cancel event for the captured one changes nothing
    await deliver(t.ctx, signedEvent('payment_intent.canceled', { id: captured.processorRef, object: 'payment_intent', status: 'canceled', metadata: {} }));
    // requests answered before the job ran: nothing changed in them
    expect(await intentStatus(confirmed.id)).toEqual({ status: 'requires_payment_method', captured_cents: null });
    await runPayments(t.ctx);
    expect(await intentStatus(confirmed.id)).toEqual({ status: 'requires_capture', captured_cents: null });
    expect(await intentStatus(captured.id)).toEqual({ status: 'succeeded', captured_cents: 3000 });
    expect(await intentStatus(canceled.id)).toEqual({ status: 'canceled', captured_cents: null });
  });

  it('records the card of a setup_intent.succeeded whose browser never came back, once', async () => {
    const pat = await signUp(t.ctx.app);
    const { setupIntentId } = (await pat.post('/api/setup-intents', {})).json() as { setupIntentId: string };
    t.stripe.cards.confirmSetup(setupIntentId, DOUBLE_CARDS.visa);
    const sent = signedEvent('setup_intent.succeeded', { id: setupIntentId, object: 'setup_intent', status: 'succeeded' });
    await deliver(t.ctx, sent);
    await deliver(t.ctx, signedEvent('setup_intent.succeeded', { id: setupIntentId, object: 'setup_intent', status: 'succeeded' }));
    await runPayments(t.ctx);
    const cards = await queryRows<{ id: string; last4: string }>(t.ctx.database, `select id, last4 from payment_methods where user_id = ${pat.user.id}`);
    expect(cards).toEqual([{ id: expect.stringMatching(/^pm_/), last4: '4242' }]);
    // the browser's own request, later, gets the same card
    expect((await pat.post('/api/payment-methods', { setupIntentId })).json().paymentMethodId).toBe(cards[0].id);
  });

  it('account.updated: a payout account becomes ready, and waits again when Stripe restricts it', async () => {
    const pat = await signUp(t.ctx.app);
    expect((await pat.post('/api/payouts/setup', {})).statusCode).toBe(200);
    const [{ processor_ref: ref }] = await queryRows<{ processor_ref: string }>(t.ctx.database, `select processor_ref from payout_accounts where user_id = ${pat.user.id}`);
    const account = (enabled: boolean) => ({ id: ref, object: 'account', details_submitted: true, payouts_enabled: enabled, capabilities: { transfers: enabled ? 'active' : 'inactive' } });
    const status = async () => (await queryRows<{ status: string }>(t.ctx.database, `select status from payout_accounts where processor_ref = '${ref}'`))[0].status;
    await deliver(t.ctx, signedEvent('account.updated', account(true)));
    await runPayments(t.ctx);
    expect(await status()).toBe('ready');
    await deliver(t.ctx, signedEvent('account.updated', account(false)));
    await runPayments(t.ctx);
    expect(await status()).toBe('pending');
  });

  it('a declined off-session fee reported by payment_intent.payment_failed marks the fee unpaid', async () => {
    const fee = await stripeIntent('requires_capture');
    await queryRows(t.ctx.database, `update payment_intents set processor_ref = null, payment_method_id = 'pm_x' where id = '${fee.id}'`);
    await deliver(t.ctx, signedEvent('payment_intent.payment_failed', { id: 'pi_stripeFailed', object: 'payment_intent', status: 'requires_payment_method', metadata: { que_intent_id: fee.id } }));
    await runPayments(t.ctx);
    expect((await intentStatus(fee.id)).status).toBe('requires_payment_method');
  });
});
