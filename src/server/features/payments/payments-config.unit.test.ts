import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { backoffSeconds } from './payment-jobs.js';
import { randomAlphanumeric } from './random-ids.js';

const dir = mkdtempSync(path.join(tmpdir(), 'que-payments-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

describe('payment settings', () => {
  it('default to the test processor with the worker on', () => {
    const config = load({});
    expect(config).toMatchObject({ PAYMENTS: 'test', PAYMENT_WORKER: true });
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });
  it('stop start-up naming STRIPE_SECRET_KEY when Stripe has no key, or a key that is not one', () => {
    expect(() => load({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: is required when PAYMENTS=stripe/);
    expect(() => load({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => load({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS: must be test or stripe/);
    expect(load({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_51Abc', PAYMENT_WORKER: 'false' })).toMatchObject({ PAYMENTS: 'stripe', PAYMENT_WORKER: false });
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
