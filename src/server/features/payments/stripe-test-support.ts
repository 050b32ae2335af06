import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { runJobsNow } from '../../jobs/jobs-test-support.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { paymentJobs } from './payment-jobs.js';
import { startStripeDouble } from './stripe-double.js';

export const WEBHOOK_SECRET = 'whsec_testDoubleOnly0123456789';
export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

/**
 * For a file's tests: a test app with PAYMENTS=stripe calling the local Stripe double (never the
 * network), with a webhook secret, and no payment runner of its own: tests run the payment jobs
 * (fees, payouts, Stripe events) when they choose, through the job queue (runPayments). Its clock
 * is reset after each test. Read `ctx` and `stripe` inside the tests.
 */
export function useStripeApp() {
  const running = {} as { ctx: TestContext; stripe: StripeDouble };
  beforeAll(async () => {
    running.stripe = await startStripeDouble();
    running.ctx = await createTestApp({
      PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_51CardsDoubleOnly', STRIPE_PUBLISHABLE_KEY: 'pk_test_51CardsDoubleOnly', STRIPE_API_URL: running.stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYMENT_WORKER: false, OFFER_SWEEPS: false,
    });
  });
  afterEach(() => running.ctx.clock.reset());
  afterAll(async () => {
    await running.ctx?.close();
    await running.stripe?.close();
  });
  return running;
}

/** Runs the due payment jobs (payment actions, Stripe events) until none is left. */
export const runPayments = (ctx: TestContext) => runJobsNow(ctx.database, paymentJobs(ctx.database.db, ctx.app.paymentProcessor));

let events = 0;
/** A Stripe event as Stripe sends it, and its body and Stripe-Signature (signed with `secret`). */
export function signedEvent(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const event = { id: `evt_test${++events}_${Date.now()}`, object: 'event', api_version: '2025-01-27.acacia', created: Math.floor(Date.now() / 1000), type, data: { object }, livemode: false };
  const payload = JSON.stringify(event);
  return { event, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** POSTs a signed event to the webhook the way Stripe does (JSON, no cookie, no Origin). */
export async function deliver(ctx: TestContext, sent: { payload: string; signature: string }) {
  return ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sent.signature }, payload: sent.payload });
}

/** The request the double last received at `path` (method POST). */
export function lastPost(stripe: StripeDouble, path: string) {
  const found = stripe.received.filter((r) => r.method === 'POST' && r.path === path).at(-1);
  expect(found, `no POST ${path}`).toBeDefined();
  return found!;
}
