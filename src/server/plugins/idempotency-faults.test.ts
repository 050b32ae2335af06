import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultApp } from '../../../bench/fault-app.js';
import { contact, serviceBusiness, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { createTestApp, queryRows, signUp, type TestContext, testConfig } from '../test/test-app.js';
import { REPLAYED_HEADER } from './idempotency.js';

// A keyed booking held in flight inside its transaction (another session blocks inserts into
// appointments), then answered, or its database session killed, on a real PostgreSQL.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx?.close());

const appointmentsOf = async (businessId: number) =>
  Number((await queryRows<{ n: number }>(ctx.database, `select count(*) as n from appointments where business_id = ${businessId}`))[0].n);
const keysOf = (userId: number) => queryRows<{ key: string; response_status: number }>(ctx.database, `select key, response_status from idempotency_keys where user_id = ${userId}`);

async function setup() {
  const shop = await serviceBusiness(ctx.app, { duration: 30 });
  const customer = await signUp(ctx.app);
  const slot = (time: string) => ({ ...contact(), businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time });
  const book = (key: string, time = '09:00') => customer.request({ method: 'POST', url: '/api/appointments', payload: slot(time), headers: { 'idempotency-key': key } });
  return { ...shop, customer, slot, book };
}

/** Another session that blocks every insert into appointments until released. */
async function blockBookings() {
  const blocker = new pg.Client({ connectionString: databaseUrl() });
  await blocker.connect();
  await blocker.query('begin');
  await blocker.query('lock table appointments in share mode');
  let released = false;
  return {
    /** The app's session waiting on the lock: a booking in flight inside its transaction. */
    waitingBooking: () =>
      waitFor(async () => {
        const { rows } = await blocker.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and application_name = 'que' and wait_event_type = 'Lock'`,
        );
        return rows[0]?.pid;
      }),
    terminate: (pid: number) => blocker.query('select pg_terminate_backend($1)', [pid]),
    release: async () => {
      if (released) return;
      released = true;
      await blocker.query('commit');
      await blocker.end();
    },
  };
}

describe.runIf(process.env.TEST_DB === 'postgres')('Idempotency-Key with a request in flight (PostgreSQL)', () => {
  it('answers 409 at once to the same key while the first runs, whatever the body; then replays it, and another body is 422', async () => {
    const { businessId, book } = await setup();
    const blocker = await blockBookings();
    try {
      const first = book('k-in-flight');
      await blocker.waitingBooking();
      const started = Date.now();
      for (const time of ['09:00', '10:00']) {
        const second = await book('k-in-flight', time);
        expect([second.statusCode, second.json().code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
      }
      // Told without waiting for the first to finish.
      expect(Date.now() - started).toBeLessThan(2_000);
      await blocker.release();
      const done = await first;
      expect(done.statusCode, done.body).toBe(201);
      const replay = await book('k-in-flight');
      expect([replay.statusCode, replay.body, replay.headers[REPLAYED_HEADER]]).toEqual([201, done.body, 'true']);
      expect((await book('k-in-flight', '10:00')).statusCode).toBe(422);
    } finally {
      await blocker.release();
    }
    expect(await appointmentsOf(businessId)).toBe(1);
  });

  it('a session killed mid-transaction leaves neither booking nor key: the retry books at once', async () => {
    const { businessId, customer, book } = await setup();
    const blocker = await blockBookings();
    try {
      const first = book('k-killed');
      const pid = await blocker.waitingBooking();
      await blocker.terminate(pid);
      const killed = await first;
      expect([killed.statusCode, killed.json().code]).toEqual([503, 'UNAVAILABLE']);
    } finally {
      await blocker.release();
    }
    expect(await appointmentsOf(businessId)).toBe(0);
    expect(await keysOf(customer.user.id)).toEqual([]);
    const started = Date.now();
    const retried = await book('k-killed');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await appointmentsOf(businessId)).toBe(1);
    expect(await keysOf(customer.user.id)).toEqual([{ key: 'k-killed', response_status: 201 }]);
  });

  it('a process killed (SIGKILL) mid-request leaves neither booking nor key: a retry on another process books at once', async () => {
    const { businessId, customer, slot, book } = await setup();
    // The real app in a child process, on this test's database, reading the same session cookies.
    const child = new FaultApp({
      databaseUrl: databaseUrl(),
      port: await freePort(),
      smtpUrl: '',
      env: { SESSION_SECRET: testConfig().SESSION_SECRET!, PAYMENT_WORKER: 'false', OFFER_SWEEPS: 'false', EARLIEST_REFRESH: 'false' },
    });
    await child.start();
    const blocker = await blockBookings();
    try {
      const lost = fetch(`${child.baseUrl}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: customer.cookie, 'idempotency-key': 'k-sigkill' },
        body: JSON.stringify(slot('09:00')),
      }).catch(() => null);
      const pid = await blocker.waitingBooking();
      await child.kill();
      expect(await lost).toBeNull();
      // Its session notices the dead client while still waiting on the lock (client_connection_check_interval).
      await waitFor(async () => ((await queryRows(ctx.database, `select 1 from pg_stat_activity where pid = ${pid}`)).length === 0 ? true : undefined));
    } finally {
      await blocker.release();
      await child.stop();
    }
    const retried = await book('k-sigkill');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await appointmentsOf(businessId)).toBe(1);
  }, 120_000);

  it('a burst of one key books once: every answer is the booking or 409 in use', async () => {
    const { businessId, book } = await setup();
    const results = await Promise.all(Array.from({ length: 10 }, () => book('k-burst')));
    const fresh = results.filter((r) => r.statusCode === 201 && r.headers[REPLAYED_HEADER] === undefined);
    expect(fresh).toHaveLength(1);
    for (const r of results.filter((x) => x !== fresh[0])) {
      if (r.statusCode === 201) expect(r.body).toBe(fresh[0].body);
      else expect([r.statusCode, r.json().code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    }
    expect(await appointmentsOf(businessId)).toBe(1);
  });
});

/** The URL of this test file's own database (a clone), from its node-postgres pool. */
function databaseUrl(): string {
  return (ctx.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? '';
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
