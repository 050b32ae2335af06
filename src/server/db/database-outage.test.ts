import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { book, serviceBusiness, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { withDatabase } from '../test/global-setup.js';
import { createTestApp, createTestDatabase, queryRows, signUp, testConfig } from '../test/test-app.js';
import type { Database } from './client.js';

const UNAVAILABLE = { code: 'UNAVAILABLE', message: 'The service is busy or restarting. Please try again in a moment.' };
const onPostgres = process.env.TEST_DB === 'postgres';

describe('a database that has gone away', () => {
  it('answers 503 in the contract shape, not 500', async () => {
    const ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
    try {
      await ctx.database.close();
      const res = await ctx.app.inject({ method: 'GET', url: '/api/businesses' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await ctx.close();
    }
  });
});

// Two pooled connections, a short wait for one and a short statement limit, so the faults show fast.
const POOL = { poolSize: 2, connectionTimeoutMs: 300, statementTimeoutMs: 3000 };

describe.runIf(onPostgres)('database faults (PostgreSQL only: PGlite has no server connections to drop or wait for)', () => {
  let app: FastifyInstance;
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  let admin: pg.Client;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(POOL));
    app = await buildApp({ config: testConfig({ PAYMENT_WORKER: false, OFFER_SWEEPS: false }), database, logger: false, serveWeb: false });
    await app.ready();
    const [{ name }] = await queryRows<{ name: string }>(database, 'select current_database() as name');
    url = withDatabase(process.env.TEST_DATABASE_URL!, name);
    admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await drop?.();
  });

  /** Holds an exclusive lock on `table` in a transaction of its own until release() (or the test ends). */
  async function lockTable(table: string) {
    const locker = new pg.Client({ connectionString: url });
    locker.on('error', () => {});
    await locker.connect();
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    const pid = (await locker.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    return { pid, release: () => locker.query('rollback').finally(() => locker.end()) };
  }

  /** The app's backends now waiting for a lock, once there are `count` of them. */
  async function waitingBackends(count: number): Promise<number[]> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query(`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (rows.length >= count) return rows.map((r) => r.pid as number);
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no ${count} backends waiting for a lock`);
  }

  const terminate = (pids: number[]) => admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);

  async function eventually200(request: () => Promise<LightMyRequestResponse>) {
    let res = await request();
    for (let i = 0; i < 20 && res.statusCode !== 200; i++) res = await request();
    return res;
  }

  it('a read whose connection is dropped mid-request answers 503, and the next one works without a restart', async () => {
    const lock = await lockTable('businesses');
    try {
      const pending = app.inject({ method: 'GET', url: '/api/businesses' });
      await terminate(await waitingBackends(1));
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await lock.release();
    }
    const next = await app.inject({ method: 'GET', url: '/api/businesses' });
    expect(next.statusCode).toBe(200);
  });

  it('a booking whose connection is dropped inside its transaction answers 503 and writes nothing; booking again works', async () => {
    const shop = await serviceBusiness(app);
    const customer = await signUp(app);
    const slot = { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00' };
    const count = async () => (await queryRows<{ n: number }>(database, 'select count(*)::int as n from appointments'))[0].n;
    const before = await count();
    const lock = await lockTable('appointments');
    try {
      const pending = book(customer, slot);
      await terminate(await waitingBackends(1));
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await lock.release();
    }
    expect(await count()).toBe(before);
    const again = await book(customer, slot);
    expect(again.statusCode).toBe(201);
  });

  it('a statement held up past statement_timeout answers 503 instead of hanging, and the app carries on', async () => {
    const lock = await lockTable('businesses');
    const started = Date.now();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/businesses' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(POOL.statementTimeoutMs + 5000);
    } finally {
      await lock.release();
    }
    expect((await eventually200(() => app.inject({ method: 'GET', url: '/api/businesses' }))).statusCode).toBe(200);
  });

  it('a request that cannot get a pooled connection in time answers 503 instead of queueing without end', async () => {
    const lock = await lockTable('businesses');
    try {
      // Both pooled connections wait on the lock; the third request waits for a connection.
      const blocked = [app.inject({ method: 'GET', url: '/api/businesses' }), app.inject({ method: 'GET', url: '/api/businesses' })];
      await waitingBackends(2);
      const started = Date.now();
      const third = await app.inject({ method: 'GET', url: '/api/businesses?type=service' });
      expect(third.statusCode).toBe(503);
      expect(third.json()).toEqual(UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(POOL.statementTimeoutMs);
      await lock.release();
      // Released before their statement limit: the two waiting reads finish normally.
      for (const res of await Promise.all(blocked)) expect(res.statusCode).toBe(200);
    } finally {
      await lock.release().catch(() => {});
    }
  });
});
