import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { startStripeDouble } from '../../src/server/features/payments/stripe-double.js';
import { pgliteTemplate } from '../../src/server/test/global-setup.js';
import { newServiceBusiness, register } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, shot } from './support/page';

// Payout setup with PAYMENTS=stripe, end to end in a browser: this file starts its own app with
// Stripe's keys and STRIPE_API_URL pointing at a local Stripe double (never the network), whose
// hosted-onboarding stand-in finishes the account and sends the browser back, as Stripe's forms do.

useBrowser();

let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
let app: FastifyInstance;
let database: Database;
let origin: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'que-payouts-e2e-'));

/** A port nothing listens on now: PUBLIC_URL must be the app's own address, known before it starts. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  stripe = await startStripeDouble();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', PUBLIC_URL: origin, PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51E2eDoubleOnly', STRIPE_PUBLISHABLE_KEY: 'pk_test_51E2eDoubleOnly', STRIPE_API_URL: stripe.url,
      PAYMENT_WORKER: 'false', OFFER_SWEEPS: 'false', JOB_RUNNER: 'false',
    }),
    RATE_LIMIT_PER_MINUTE: 100_000,
  };
  // The API tests' migrated template (src/server/test/global-setup.ts; CI makes it before the tests, and
  // it is kept for the runs after): a copy opens in about a second of CPU, migrating anew took several.
  database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([readFileSync(await pgliteTemplate())]) });
  app = await buildApp({ config, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await stripe?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('payout setup with Stripe (%s)', (size, viewport) => {
  it('a customer sets up payouts from the wallet, goes through Stripe and comes back ready', async () => {
    const { page, context, consoleErrors } = await newPage(viewport, { baseURL: origin });
    await register(context.request, 'payee');
    await page.goto('/appointments');
    const mine = page.getByTestId('payout-user');
    await expect.poll(() => mine.textContent()).toMatch(/Your swap earnings\s*Not started/);
    await expectNoHorizontalScroll(page);
    await shot(page, `payouts-wallet-${size}`);

    await mine.getByRole('button', { name: 'Set up payouts' }).click();
    // Stripe's forms (the double's stand-in) finish and send the browser back to PUBLIC_URL/payouts.
    await page.waitForURL(`${origin}/payouts?setup=returned`);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Back from Stripe. Each status below is what Stripe says now.');
    await expect.poll(() => page.getByTestId('payout-user').textContent()).toMatch(/Ready/);
    expect(await page.getByTestId('payout-user').getByRole('button').count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, `payouts-returned-${size}`);
    expect(consoleErrors).toEqual([]);
  });

  it('an owner sets up their business from the dashboard; an expired link opens a fresh one', async () => {
    const { page, context, consoleErrors } = await newPage(viewport, { baseURL: origin });
    const { business } = await newServiceBusiness(context.request);
    await page.goto('/business-dashboard');
    const row = page.getByTestId(`payout-${business.id}`);
    await expect.poll(() => row.textContent()).toMatch(new RegExp(`${business.businessName}\\s*Not started`));
    await expectNoHorizontalScroll(page);
    await shot(page, `payouts-dashboard-${size}`);

    // Stripe sends the browser to the refresh URL when a link expired: a fresh link, at once.
    await page.goto(`/payouts?setup=expired&business=${business.id}`);
    await page.waitForURL(`${origin}/payouts?setup=returned&business=${business.id}`);
    await expect.poll(() => page.getByTestId(`payout-${business.id}`).textContent()).toMatch(/Ready/);
    await expectNoHorizontalScroll(page);
    expect(consoleErrors).toEqual([]);
  });
});
