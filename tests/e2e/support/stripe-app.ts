import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { type Database, openDatabase } from '../../../src/server/db/client.js';
import { startStripeDouble } from '../../../src/server/features/payments/stripe-double.js';
import { pgliteTemplate } from '../../../src/server/test/global-setup.js';

/** A port nothing listens on now: PUBLIC_URL must be the app's own address, known before it starts. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * For a file's tests: its own app with PAYMENTS=stripe (the global set-up's apps run the test
 * processor), Stripe's keys and STRIPE_API_URL pointing at a local Stripe double (never the network),
 * started before the file's tests and closed after. Read `origin` and `stripe` inside the tests.
 */
export function useStripeApp(name: string) {
  const running = {} as { origin: string; stripe: Awaited<ReturnType<typeof startStripeDouble>> };
  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), `que-${name}-e2e-`));
  beforeAll(async () => {
    running.stripe = await startStripeDouble();
    const port = await freePort();
    running.origin = `http://127.0.0.1:${port}`;
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', PUBLIC_URL: running.origin, PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_51E2eDoubleOnly', STRIPE_PUBLISHABLE_KEY: 'pk_test_51E2eDoubleOnly', STRIPE_API_URL: running.stripe.url,
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
    await running.stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return running;
}
