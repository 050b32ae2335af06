import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { backoffSeconds } from './payment-jobs.js';
import { randomAlphanumeric } from './random-ids.js';
import { stripeClientOptions } from './stripe-processor.js';

const dir = mkdtempSync(path.join(tmpdir(), 'que-payments-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

describe('payment settings', () => {
  it('default to the test processor with the worker on', () => {
    const config = load({});
    expect(config).toMatchObject({ PAYMENTS: 'test', PAYMENT_WORKER: true });
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });
  it('stop start-up naming STRIPE_SECRET_KEY when Stripe has no key, or a key that is not one', () => {
    expect(() => load({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: is required when PAYMENTS=stripe\n {2}STRIPE_PUBLISHABLE_KEY: is required when PAYMENTS=stripe/);
    expect(() => load({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_51Abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY: is required when PAYMENTS=stripe/);
    expect(() => load({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => load({ STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    expect(() => load({ STRIPE_API_URL: 'https://api.stripe.com/v1' })).toThrow(/STRIPE_API_URL: must be an origin/);
    expect(() => load({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS: must be test or stripe/);
    expect(load({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc', PAYMENT_WORKER: 'false' })).toMatchObject({
      PAYMENTS: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc', PAYMENT_WORKER: false,
    });
  });
});

describe('the Stripe client address', () => {
  it('is Stripe itself unless STRIPE_API_URL names a double', () => {
    expect(stripeClientOptions(undefined)).toEqual({});
    expect(stripeClientOptions('http://127.0.0.1:4010')).toEqual({ host: '127.0.0.1', port: 4010, protocol: 'http' });
    expect(stripeClientOptions('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
  });
});

describe('worker backoff and ids', () => {
  it('doubles from 5 s and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(backoffSeconds)).toEqual([5, 10, 20, 40, 640, 3600]);
  });
  it('makes ids of letters and digits only', () => {
    expect(randomAlphanumeric(200)).toMatch(/^[A-Za-z0-9]{200}$/);
  });
});
