import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { book, type Client, contact, serviceBusiness, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { createTestApp, queryRows, signUp, TestClient, type TestContext, testConfig } from '../test/test-app.js';
import { REPLAYED_HEADER, sweepIdempotencyKeys } from './idempotency.js';
import { requestHash } from './idempotency-request.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Body = Record<string, unknown>;
const bookWithKey = (client: Client | TestClient, key: string, body: Body) =>
  client.request({ method: 'POST', url: '/api/appointments', payload: { ...contact(), ...body }, headers: { 'idempotency-key': key } });
/** The hash the plugin computes for a booking request with this body. */
const bookingHash = (body: Body) => requestHash('POST', '/api/appointments', { ...contact(), ...body });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = ((await ctx.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0].n);
}
const appointmentsOf = (businessId: number) => count(sql`select count(*) as n from appointments where business_id = ${businessId}`);
const bookingCreditsOf = (businessId: number) =>
  count(sql`select count(*) as n from ledger_transfers where code = 'earned_booking'
    and appointment_id in (select id from appointments where business_id = ${businessId})`);
const keyRows = (userId: number) =>
  queryRows<{ key: string; status: string; response_status: number | null }>(ctx.database, `select key, status, response_status from idempotency_keys where user_id = ${userId} order by key`);

/** Puts a row in the table as another process would have left it. */
async function insertKey(userId: number, key: string, fields: { hash: string; status: 'running' | 'done'; ageSeconds: number; responseStatus?: number; responseBody?: string }) {
  const at = sql`now() - make_interval(secs => ${fields.ageSeconds})`;
  await ctx.database.db.execute(sql`
    insert into idempotency_keys (user_id, key, method, path, request_hash, status, response_status, response_body, created_at, updated_at)
    values (${userId}, ${key}, 'POST', '/api/appointments', ${fields.hash}, ${fields.status}, ${fields.responseStatus ?? null}, ${fields.responseBody ?? null}, ${at}, ${at})`);
}

async function setup() {
  const shop = await serviceBusiness(ctx.app, { duration: 30 });
  const customer = await signUp(ctx.app);
  const slot = (time: string) => ({ businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time });
  return { ...shop, customer, slot };
}

describe('Idempotency-Key on POST /api/appointments', () => {
  it('replays the first response for the same key and body, and books once', async () => {
    const { businessId, customer, slot } = await setup();
    const first = await bookWithKey(customer, 'key-replay', slot('09:00'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries({ ...contact(), ...slot('09:00') }).reverse());
    for (const body of [slot('09:00'), reordered]) {
      const again = await bookWithKey(customer, 'key-replay', body);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers[REPLAYED_HEADER]).toBe('true');
    }
    expect(await appointmentsOf(businessId)).toBe(1);
    expect(await bookingCreditsOf(businessId)).toBe(1);
    expect(await keyRows(customer.user.id)).toEqual([{ key: 'key-replay', status: 'done', response_status: 201 }]);
  });

  it('answers 422 for the same key with another body, and writes nothing', async () => {
    const { businessId, customer, slot } = await setup();
    expect((await bookWithKey(customer, 'key-other-body', slot('09:00'))).statusCode).toBe(201);
    const other = await bookWithKey(customer, 'key-other-body', slot('10:00'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used with a different request' });
    expect(await appointmentsOf(businessId)).toBe(1);
  });

  it('answers 409 while a request with the key is still running', async () => {
    const { businessId, customer, slot } = await setup();
    // PGlite runs one statement at a time, so "still running" is a row another process left.
    await insertKey(customer.user.id, 'key-running', { hash: bookingHash(slot('09:00')), status: 'running', ageSeconds: 5 });
    const res = await bookWithKey(customer, 'key-running', slot('09:00'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'IDEMPOTENCY_KEY_IN_USE', message: 'A request with this Idempotency-Key is still being processed' });
    expect((await bookWithKey(customer, 'key-running', slot('10:00'))).statusCode).toBe(422);
    expect(await appointmentsOf(businessId)).toBe(0);
  });

  it('takes over a running row abandoned for over a minute (its process died)', async () => {
    const { businessId, customer, slot } = await setup();
    await insertKey(customer.user.id, 'key-abandoned', { hash: bookingHash(slot('09:00')), status: 'running', ageSeconds: 61 });
    // Abandoned is no licence to change the request.
    expect((await bookWithKey(customer, 'key-abandoned', slot('10:00'))).statusCode).toBe(422);
    const res = await bookWithKey(customer, 'key-abandoned', slot('09:00'));
    expect(res.statusCode, res.body).toBe(201);
    expect(await keyRows(customer.user.id)).toEqual([{ key: 'key-abandoned', status: 'done', response_status: 201 }]);
    expect(await appointmentsOf(businessId)).toBe(1);
  });

  it('scopes keys to the signed-in user', async () => {
    const { businessId, customer, slot } = await setup();
    const other = await signUp(ctx.app);
    const mine = await bookWithKey(customer, 'shared-key', slot('09:00'));
    const theirs = await bookWithKey(other, 'shared-key', slot('10:00'));
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    // The same body under the other user's key is a new booking of a taken slot, not a replay.
    const same = await bookWithKey(other, 'shared-key-2', slot('09:00'));
    expect(same.json().code).toBe('SLOT_TAKEN');
    expect(await appointmentsOf(businessId)).toBe(2);
  });

  it('keeps keys across a restart: a new app on the same database replays', async () => {
    const { businessId, customer, slot } = await setup();
    const first = await bookWithKey(customer, 'key-restart', slot('09:00'));
    expect(first.statusCode).toBe(201);
    const restarted = await buildApp({ config: testConfig(), database: ctx.database, logger: false, serveWeb: false });
    await restarted.ready();
    try {
      const client = new TestClient(restarted);
      client.cookie = customer.cookie;
      const again = await bookWithKey(client, 'key-restart', slot('09:00'));
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers[REPLAYED_HEADER]).toBe('true');
    } finally {
      await restarted.close();
    }
    expect(await appointmentsOf(businessId)).toBe(1);
  });

  it('does not keep a 5xx: the retry runs again', async () => {
    const { businessId, customer, slot } = await setup();
    // The booking is one SQL call: a trigger fails its first insert for this business. A sequence
    // is not rolled back with the failed booking, so the retry goes through.
    await ctx.database.db.execute(sql.raw('create sequence fail_once_seq'));
    await ctx.database.db.execute(sql.raw(`
      create function fail_first_booking() returns trigger language plpgsql as $$
      begin
        if nextval('fail_once_seq') = 1 then raise exception 'injected failure'; end if;
        return new;
      end $$`));
    await ctx.database.db.execute(sql.raw(`
      create trigger fail_first_booking before insert on appointments for each row
        when (new.business_id = ${businessId}) execute function fail_first_booking()`));
    const failed = await bookWithKey(customer, 'key-5xx', slot('09:00'));
    expect(failed.statusCode).toBe(500);
    expect(await keyRows(customer.user.id)).toEqual([]);
    const retried = await bookWithKey(customer, 'key-5xx', slot('09:00'));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await appointmentsOf(businessId)).toBe(1);
  });

  it('keeps a refusal by the business rules: the retry replays it', async () => {
    const { customer, slot } = await setup();
    const rival = await signUp(ctx.app);
    expect((await book(rival, slot('09:00'))).statusCode).toBe(201);
    const refused = await bookWithKey(customer, 'key-refused', slot('09:00'));
    expect(refused.json().code).toBe('SLOT_TAKEN');
    const again = await bookWithKey(customer, 'key-refused', slot('09:00'));
    expect([again.statusCode, again.body, again.headers[REPLAYED_HEADER]]).toEqual([409, refused.body, 'true']);
  });

  it('does not spend a key on a request the schema refuses', async () => {
    const { customer, slot } = await setup();
    expect((await bookWithKey(customer, 'key-invalid-first', { ...slot('09:00'), time: 'noon' })).statusCode).toBe(400);
    expect((await bookWithKey(customer, 'key-invalid-first', slot('09:00'))).statusCode).toBe(201);
  });

  it('answers 400 naming the header for a malformed key, and writes nothing', async () => {
    const { businessId, customer, slot } = await setup();
    for (const key of ['', 'x'.repeat(256), 'clé', 'tab\there', 'new\u0000line']) {
      const res = await bookWithKey(customer, key, slot('09:00'));
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', message: 'Idempotency-Key must be 1 to 255 printable ASCII characters' });
    }
    expect(await appointmentsOf(businessId)).toBe(0);
    expect(await keyRows(customer.user.id)).toEqual([]);
    expect((await bookWithKey(customer, `~ ${'k'.repeat(253)}`, slot('09:00'))).statusCode).toBe(201);
  });

  it('leaves requests without a session to their normal 401', async () => {
    const { slot } = await setup();
    for (const key of ['fine-key', '']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/appointments', payload: { ...contact(), ...slot('09:00') }, headers: { 'idempotency-key': key } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('treats keys older than 24 h as absent, and the sweep deletes them', async () => {
    const { customer, slot } = await setup();
    const day = 24 * 60 * 60;
    await insertKey(customer.user.id, 'key-expired', { hash: 'old', status: 'done', ageSeconds: day + 60, responseStatus: 201, responseBody: '{}' });
    await insertKey(customer.user.id, 'key-expired-2', { hash: 'old', status: 'done', ageSeconds: day + 60, responseStatus: 201, responseBody: '{}' });
    await insertKey(customer.user.id, 'key-young', { hash: 'young', status: 'done', ageSeconds: day - 60, responseStatus: 201, responseBody: '{}' });
    const reused = await bookWithKey(customer, 'key-expired', slot('09:00'));
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await sweepIdempotencyKeys(ctx.database.db)).toBe(1);
    expect((await keyRows(customer.user.id)).map((r) => r.key)).toEqual(['key-expired', 'key-young']);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('Idempotency-Key under real concurrency (PostgreSQL)', () => {
  it('answers 409 to a second request while the first is running, then replays the first', async () => {
    const { businessId, customer, slot } = await setup();
    // Another session blocks inserts into appointments, so the first booking stays in flight.
    const blocker = new pg.Client({ connectionString: databaseUrl() });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table appointments in share mode');
      const first = bookWithKey(customer, 'key-parallel', slot('09:00'));
      await waitFor(async () => (await keyRows(customer.user.id)).length === 1);
      const second = await bookWithKey(customer, 'key-parallel', slot('09:00'));
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect((await bookWithKey(customer, 'key-parallel', slot('10:00'))).statusCode).toBe(422);
      await blocker.query('commit');
      const done = await first;
      expect(done.statusCode, done.body).toBe(201);
      const replay = await bookWithKey(customer, 'key-parallel', slot('09:00'));
      expect([replay.statusCode, replay.body]).toEqual([201, done.body]);
    } finally {
      await blocker.end();
    }
    expect(await appointmentsOf(businessId)).toBe(1);
  });

  it('a burst of one key books once: every answer is the booking or 409 in use', async () => {
    const { businessId, customer, slot } = await setup();
    const results = await Promise.all(Array.from({ length: 10 }, () => bookWithKey(customer, 'key-burst', slot('09:00'))));
    const created = results.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect([r.statusCode, r.json().code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    expect(await appointmentsOf(businessId)).toBe(1);
    expect(await bookingCreditsOf(businessId)).toBe(1);
  });

  it('an abandoned request is taken over by exactly one of its parallel retries', async () => {
    const { businessId, customer, slot } = await setup();
    await insertKey(customer.user.id, 'key-takeover', { hash: bookingHash(slot('09:00')), status: 'running', ageSeconds: 61 });
    const results = await Promise.all(Array.from({ length: 8 }, () => bookWithKey(customer, 'key-takeover', slot('09:00'))));
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
  return ((ctx.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? '');
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
