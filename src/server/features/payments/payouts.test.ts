import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestApp, createTestDatabase, queryRows, signUp, type TestContext, testConfig } from '../../test/test-app.js';
import { runPaymentJob } from './payment-jobs.js';
import { startStripeDouble } from './stripe-double.js';
import { insertOffer, queueAction, swapParties } from './test-fixtures.js';

const PUBLISHABLE = 'pk_test_51QZsDoubleOnly';
let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  stripe = await startStripeDouble();
  const database = await createTestDatabase();
  drop = database.drop;
  // The processor PAYMENTS names, made from config as in production, calling the double.
  const config = testConfig({
    PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_51QZsDoubleOnly', STRIPE_PUBLISHABLE_KEY: PUBLISHABLE, STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'https://que.example.com', PAYMENT_WORKER: false, OFFER_SWEEPS: false,
  });
  app = await buildApp({ config, database: database.database, logger: false, serveWeb: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
  await stripe.close();
});

const accountRequests = () => stripe.received.filter((r) => r.method === 'POST' && r.path === '/v1/accounts');
const accountOf = async (column: 'user_id' | 'business_id', id: number) =>
  queryRows<{ processor_ref: string; status: string }>(app.database, `select processor_ref, status from payout_accounts where ${column} = ${id}`);

describe('with PAYMENTS=stripe', () => {
  it('gives the browser the publishable key and a CSP that lets Stripe.js load and frame its fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.json()).toEqual({ processor: 'stripe', stripePublishableKey: PUBLISHABLE });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it('makes a user one Express account for transfers, keyed by owner, reuses it, and links to Stripe with return and refresh URLs from PUBLIC_URL', async () => {
    const pat = await signUp(app);
    expect((await pat.get('/api/payouts')).json()).toEqual({ setupNeeded: true, accounts: [{ businessId: null, name: pat.user.username, status: 'not_started', paidOut: '0.00', waiting: '0.00' }] });

    const first = await pat.post('/api/payouts/setup', {});
    expect(first.statusCode).toBe(200);
    const [create] = accountRequests();
    expect(create.headers['idempotency-key']).toBe(`que-payout-account-user-${pat.user.id}`);
    expect(Object.fromEntries(create.form)).toMatchObject({ type: 'express', 'capabilities[transfers][requested]': 'true', [`metadata[que_user_id]`]: String(pat.user.id) });
    const [row] = await accountOf('user_id', pat.user.id);
    expect(row).toEqual({ processor_ref: expect.stringMatching(/^acct_/), status: 'pending' });
    const link = new URL(first.json().url);
    expect(link.pathname).toBe(`/connect/onboarding/${row.processor_ref}`);
    expect(link.searchParams.get('return_url')).toBe('https://que.example.com/payouts?setup=returned');
    expect(link.searchParams.get('refresh_url')).toBe('https://que.example.com/payouts?setup=expired');
    const linkRequest = stripe.received.find((r) => r.path === '/v1/account_links')!;
    expect(Object.fromEntries(linkRequest.form)).toMatchObject({ account: row.processor_ref, type: 'account_onboarding' });

    const again = await pat.post('/api/payouts/setup', {});
    expect(again.statusCode).toBe(200);
    expect(accountRequests()).toHaveLength(1);
    expect((await pat.get('/api/payouts')).json().accounts[0].status).toBe('pending');
  });

  it('makes one account when two set-ups race', async () => {
    const sam = await signUp(app);
    const before = accountRequests().length;
    const answers = await Promise.all([sam.post('/api/payouts/setup', {}), sam.post('/api/payouts/setup', {})]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await accountOf('user_id', sam.user.id);
    expect(rows).toHaveLength(1);
    // Both asked Stripe with the same key and got the same account back (as Stripe answers a repeated key).
    expect(new Set(accountRequests().slice(before).map((r) => r.headers['idempotency-key']))).toEqual(new Set([`que-payout-account-user-${sam.user.id}`]));
    expect(answers.map((a) => new URL(a.json().url).pathname)).toEqual([`/connect/onboarding/${rows[0].processor_ref}`, `/connect/onboarding/${rows[0].processor_ref}`]);
  });

  it('lets an owner set up each business they own, and nobody else', async () => {
    const parties = await swapParties(app);
    const businessId = parties.businessId;
    expect((await parties.owner.get('/api/payouts')).json().accounts).toEqual([
      { businessId: null, name: parties.owner.user.username, status: 'not_started', paidOut: '0.00', waiting: '0.00' },
      { businessId, name: expect.any(String), status: 'not_started', paidOut: '0.00', waiting: '0.00' },
    ]);
    const stranger = await parties.payer.post('/api/payouts/setup', { businessId });
    expect(stranger.statusCode).toBe(403);
    expect(await accountOf('business_id', businessId)).toEqual([]);
    expect((await parties.payer.post('/api/payouts/setup', { businessId: 999_999 })).statusCode).toBe(404);
    expect((await parties.payer.post('/api/payouts/setup', { businessId: 'x' })).statusCode).toBe(400);

    const res = await parties.owner.post('/api/payouts/setup', { businessId });
    expect(res.statusCode).toBe(200);
    expect(new URL(res.json().url).searchParams.get('return_url')).toBe(`https://que.example.com/payouts?setup=returned&business=${businessId}`);
    expect(Object.fromEntries(accountRequests().at(-1)!.form)).toMatchObject({ 'metadata[que_business_id]': String(businessId) });
    expect(accountRequests().at(-1)!.headers['idempotency-key']).toBe(`que-payout-account-business-${businessId}`);
  });

  it('sees onboarding finished on return, sends the payout that waited for it to the connected account, and refuses another set-up', async () => {
    const parties = await swapParties(app);
    const payee = parties.payee;
    const offerId = await insertOffer(app.db, parties);
    await unitOfWork(app.db, (tx) => queueAction(tx, { kind: 'payout', offerId, userId: payee.user.id, amountCents: 2375 }));
    // This app runs no payment jobs (PAYMENT_WORKER off): the test runs the payment's job itself.
    await runPaymentJob(app.db, app.paymentProcessor, { offerId });
    const waiting = () =>
      queryRows<{ status: string; waits: boolean }>(
        app.database,
        `select a.status, j.run_at > now() + interval '5 minutes' as waits from payment_actions a
           join graphile_worker._private_jobs j on j.key = 'payments:offer:' || a.offer_id where a.offer_id = ${offerId}`,
      );
    expect(await waiting()).toEqual([{ status: 'pending', waits: true }]);

    const { url } = (await payee.post('/api/payouts/setup', {})).json();
    // The browser at Stripe's forms: finishing them brings it back to the return URL.
    const hosted = await fetch(url, { redirect: 'manual' });
    expect([hosted.status, hosted.headers.get('location')]).toEqual([302, 'https://que.example.com/payouts?setup=returned']);
    expect((await payee.get('/api/payouts')).json().accounts).toEqual([{ businessId: null, name: payee.user.username, status: 'ready', paidOut: '0.00', waiting: '23.75' }]);
    expect(await waiting()).toEqual([{ status: 'pending', waits: false }]);

    expect(await runPaymentJob(app.db, app.paymentProcessor, { offerId })).toBe(1);
    const [row] = await accountOf('user_id', payee.user.id);
    const transfer = stripe.received.filter((r) => r.path === '/v1/transfers').at(-1)!;
    expect(Object.fromEntries(transfer.form)).toMatchObject({ amount: '2375', destination: row.processor_ref, transfer_group: `offer_${offerId}` });
    expect(await waiting()).toEqual([{ status: 'done', waits: false }]);
    expect((await payee.get('/api/payouts')).json().accounts[0]).toMatchObject({ paidOut: '23.75', waiting: '0.00' });

    const readyAgain = await payee.post('/api/payouts/setup', {});
    expect([readyAgain.statusCode, readyAgain.json().message]).toEqual([409, 'Payouts are already set up']);
  });

  it('answers 503, not 500, when Stripe cannot be reached', async () => {
    const pat = await signUp(app);
    await stripe.close();
    try {
      const res = await pat.post('/api/payouts/setup', {});
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/Payout set-up is unavailable right now/);
      expect(await accountOf('user_id', pat.user.id)).toEqual([]);
    } finally {
      stripe = await startStripeDouble();
    }
  });
});

describe('with the test processor (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
  });
  afterAll(() => ctx.close());

  it('shows the test card form, keeps Stripe out of the CSP, and needs no payout set-up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.json()).toEqual({ processor: 'test', stripePublishableKey: null });
    expect(String(res.headers['content-security-policy'])).not.toMatch(/stripe/);
    const pat = await signUp(ctx.app);
    expect((await pat.get('/api/payouts')).json()).toEqual({ setupNeeded: false, accounts: [] });
    const setup = await pat.post('/api/payouts/setup', {});
    expect(setup.statusCode).toBe(409);
    expect(await queryRows(ctx.database, 'select * from payout_accounts')).toEqual([]);
  });
});
