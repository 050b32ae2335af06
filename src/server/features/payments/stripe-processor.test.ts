import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestDatabase, queryRows, signUp, testConfig } from '../../test/test-app.js';
import { runJobsNow } from '../../jobs/jobs-test-support.js';
import { paymentJobs } from './payment-jobs.js';
import { refreshIntentFromProcessor } from './payments.service.js';
import { startRecordedStripe } from './recorded-stripe-server.js';
import { createStripeClient, StripePaymentProcessor } from './stripe-processor.js';
import { claimAuthorizedIntent, insertOffer, swapParties, queueAction } from './test-fixtures.js';

const STRIPE_PI = 'pi_3QZt8kLkdIwHu7ix0ZQfA9xV';
const KEY = 'sk_test_51QZsRecordedFixturesOnly';

let stripe: Awaited<ReturnType<typeof startRecordedStripe>>;
let app: FastifyInstance;
let drop: () => Promise<void>;
let processor: StripePaymentProcessor;
let created = 0;

beforeAll(async () => {
  stripe = await startRecordedStripe([
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      fixture: 'payment-intent-created.json',
      // Each intent gets its own Stripe id and client secret, as Stripe would give.
      adjust: (body) => ({ ...body, id: `${STRIPE_PI}${++created}`, client_secret: `${STRIPE_PI}${created}_secret_7fZk2mWq8YbGv1RcJpLxNtE4s` }),
    },
    { method: 'GET', path: /^\/v1\/payment_intents\/pi_\w+$/, fixture: 'payment-intent-authorized.json' },
    { method: 'POST', path: /^\/v1\/payment_intents\/pi_\w+\/capture$/, fixture: 'payment-intent-captured.json' },
    { method: 'POST', path: /^\/v1\/payment_intents\/pi_\w+\/cancel$/, fixture: 'payment-intent-canceled.json' },
    { method: 'POST', path: /^\/v1\/refunds$/, fixture: 'refund-created.json' },
    { method: 'POST', path: /^\/v1\/transfers$/, fixture: 'transfer-created.json' },
  ]);
  const client = createStripeClient(KEY, { host: '127.0.0.1', port: stripe.port, protocol: 'http' });
  processor = new StripePaymentProcessor(client, async (owner) => (owner.kind === 'user' && owner.id === payee ? 'acct_1QZsx9PqR4tYbN2m' : null));
  const database = await createTestDatabase();
  drop = database.drop;
  const config = testConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: KEY, PAYMENT_WORKER: false });
  app = await buildApp({ config, database: database.database, logger: false, serveWeb: false, paymentProcessor: processor });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  await stripe.close();
});

let payee = 0;
const since = (mark: number) => stripe.received.slice(mark);
const actionRows = () => queryRows<{ kind: string; status: string; attempts: number; last_error: string | null }>(app.database, 'select kind, status, attempts, last_error from payment_actions order by id');

describe('the Stripe processor, against recorded Stripe responses', () => {
  it('authorizes with manual capture, keyed by our intent id, and refuses server-side card numbers', async () => {
    const alice = await signUp(app);
    const res = await alice.post('/api/create-payment-intent', { amount: 30 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ paymentIntentId: expect.stringMatching(/^pi_\w{24}$/), clientSecret: `${STRIPE_PI}1_secret_7fZk2mWq8YbGv1RcJpLxNtE4s`, amount: '30.00', status: 'requires_payment_method' });
    const [request] = stripe.received;
    expect([request.method, request.path]).toEqual(['POST', '/v1/payment_intents']);
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers['idempotency-key']).toBe(`que-intent-${body.paymentIntentId}`);
    expect(Object.fromEntries(request.form)).toMatchObject({ amount: '3000', currency: 'usd', capture_method: 'manual', 'metadata[que_intent_id]': body.paymentIntentId });
    const [row] = await queryRows(app.database, `select processor, processor_ref from payment_intents where id = '${body.paymentIntentId}'`);
    expect(row).toEqual({ processor: 'stripe', processor_ref: `${STRIPE_PI}1` });

    const confirm = await alice.post(`/api/payment-intents/${body.paymentIntentId}/confirm`, { cardNumber: '4242424242424242' });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toMatch(/confirmed with Stripe\.js on the client/);
  });

  it('learns of the authorization from Stripe, then captures, refunds and pays out with one idempotency key per action', async () => {
    const parties = await swapParties(app);
    payee = parties.payee.user.id;
    const { paymentIntentId, clientSecret } = (await parties.payer.post('/api/create-payment-intent', { amount: 30 })).json();
    const offerId = await insertOffer(app.db, parties);
    const mark = stripe.received.length;
    await refreshIntentFromProcessor(app.db, processor, { idOrClientSecret: clientSecret, user: parties.payer.user });
    expect(since(mark).map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual([`GET /v1/payment_intents/${STRIPE_PI}${created}?expand%5B0%5D=latest_charge`]);
    await unitOfWork(app.db, (tx) => claimAuthorizedIntent(tx, { idOrClientSecret: clientSecret, userId: parties.payer.user.id, amountCents: 3000, offerId }));
    await unitOfWork(app.db, async (tx) => {
      await queueAction(tx, { kind: 'capture', paymentIntentId, amountCents: 2500 });
      await queueAction(tx, { kind: 'refund', paymentIntentId, offerId, amountCents: 500 });
      await queueAction(tx, { kind: 'payout', offerId, userId: payee, amountCents: 2375 });
    });
    const before = stripe.received.length;
    await runJobsNow(app.database, paymentJobs(app.db, processor));
    const [capture, refund, lookup, transfer] = since(before);
    const ids = (await queryRows<{ id: number; kind: string }>(app.database, 'select id, kind from payment_actions order by id')).map((a) => `que-action-${a.id}-${a.kind}`);
    expect(capture.path).toBe(`/v1/payment_intents/${STRIPE_PI}${created}/capture`);
    expect(Object.fromEntries(capture.form)).toEqual({ amount_to_capture: '2500' });
    expect(Object.fromEntries(refund.form)).toEqual({ payment_intent: `${STRIPE_PI}${created}`, amount: '500' });
    expect(lookup.method).toBe('GET');
    expect(transfer.path).toBe('/v1/transfers');
    expect(Object.fromEntries(transfer.form)).toMatchObject({
      amount: '2375', currency: 'usd', destination: 'acct_1QZsx9PqR4tYbN2m', source_transaction: 'ch_3QZt8kLkdIwHu7ix0Lq2bYcD', transfer_group: `offer_${offerId}`,
    });
    expect([capture, refund, transfer].map((r) => r.headers['idempotency-key'])).toEqual(ids);
    expect(await actionRows()).toEqual([
      { kind: 'capture', status: 'done', attempts: 1, last_error: null },
      { kind: 'refund', status: 'done', attempts: 1, last_error: null },
      { kind: 'payout', status: 'done', attempts: 1, last_error: null },
    ]);
    const [row] = await queryRows(app.database, `select status, captured_cents, card_last4 from payment_intents where id = '${paymentIntentId}'`);
    expect(row).toEqual({ status: 'succeeded', captured_cents: 2500, card_last4: '4242' });
  });

  it('keeps a payout to a user without a connected account waiting, and sorts Stripe errors into retry and give-up', async () => {
    const parties = await swapParties(app);
    const offerId = await insertOffer(app.db, parties);
    const { paymentIntentId } = (await parties.payer.post('/api/create-payment-intent', { amount: 30 })).json();
    await app.db.execute(`delete from payment_actions`);
    await unitOfWork(app.db, (tx) => queueAction(tx, { kind: 'payout', offerId, userId: parties.payer.user.id, amountCents: 1000 }));
    const mark = stripe.received.length;
    await runJobsNow(app.database, paymentJobs(app.db, processor));
    expect(since(mark)).toEqual([]);
    expect(await actionRows()).toEqual([{ kind: 'payout', status: 'pending', attempts: 0, last_error: expect.stringMatching(/has not finished setting up payouts with Stripe yet/) }]);

    await app.db.execute(`delete from payment_actions`);
    stripe.answer({ method: 'POST', path: /\/cancel$/, status: 500, fixture: 'error-api.json' });
    stripe.answer({ method: 'POST', path: /\/capture$/, status: 400, fixture: 'error-unexpected-state.json' });
    await unitOfWork(app.db, async (tx) => {
      await queueAction(tx, { kind: 'capture', paymentIntentId, amountCents: 3000 });
      await queueAction(tx, { kind: 'cancel', paymentIntentId, amountCents: 0 });
    });
    await runJobsNow(app.database, paymentJobs(app.db, processor));
    expect(await actionRows()).toEqual([
      { kind: 'capture', status: 'failed', attempts: 1, last_error: expect.stringMatching(/^Stripe refused: This PaymentIntent could not be captured/) },
      { kind: 'cancel', status: 'pending', attempts: 1, last_error: 'An unknown error occurred' },
    ]);
  });

  it('answers 503, not 500, when Stripe cannot open an intent, and writes nothing', async () => {
    const pat = await signUp(app);
    stripe.answer({ method: 'POST', path: /^\/v1\/payment_intents$/, status: 500, fixture: 'error-api.json' });
    const res = await pat.post('/api/create-payment-intent', { amount: 30 });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/^Card payments are unavailable right now/);
    expect(await queryRows(app.database, `select id from payment_intents where user_id = ${pat.user.id}`)).toEqual([]);
  });
});
