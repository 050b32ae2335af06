import { sql } from 'drizzle-orm';
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
  queryRows<{ key: string; response_status: number }>(ctx.database, `select key, response_status from idempotency_keys where user_id = ${userId} order by key`);

/** Puts a kept answer in the table as another process would have left it. */
async function insertKey(userId: number, key: string, fields: { hash: string; ageSeconds: number; responseStatus: number; responseBody: string }) {
  await ctx.database.db.execute(sql`
    insert into idempotency_keys (user_id, key, method, path, request_hash, response_status, response_body, created_at)
    values (${userId}, ${key}, 'POST', '/api/appointments', ${fields.hash}, ${fields.responseStatus}, ${fields.responseBody},
            now() - make_interval(secs => ${fields.ageSeconds}))`);
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
    expect(await keyRows(customer.user.id)).toEqual([{ key: 'key-replay', response_status: 201 }]);
  });

  it('answers 422 for the same key with another body, and writes nothing', async () => {
    const { businessId, customer, slot } = await setup();
    expect((await bookWithKey(customer, 'key-other-body', slot('09:00'))).statusCode).toBe(201);
    const other = await bookWithKey(customer, 'key-other-body', slot('10:00'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was used with a different request' });
    expect(await appointmentsOf(businessId)).toBe(1);
  });

  it('replays an answer another process kept (a row in the table), and answers 422 to another body under its key', async () => {
    const { businessId, customer, slot } = await setup();
    await insertKey(customer.user.id, 'key-elsewhere', { hash: bookingHash(slot('09:00')), ageSeconds: 5, responseStatus: 201, responseBody: '{"kept":true}' });
    const res = await bookWithKey(customer, 'key-elsewhere', slot('09:00'));
    expect([res.statusCode, res.body, res.headers[REPLAYED_HEADER]]).toEqual([201, '{"kept":true}', 'true']);
    expect((await bookWithKey(customer, 'key-elsewhere', slot('10:00'))).statusCode).toBe(422);
    expect(await appointmentsOf(businessId)).toBe(0);
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

  it('a commit that fails after the answer was serialized: the client gets the error, not the answer, and nothing is kept', async () => {
    const { businessId, customer, slot } = await setup();
    // A deferred constraint trigger fails the COMMIT itself, after the booking and its kept answer.
    await ctx.database.db.execute(sql.raw(`create function fail_at_commit() returns trigger language plpgsql as $$ begin raise exception 'injected commit failure'; end $$`));
    await ctx.database.db.execute(sql.raw(`
      create constraint trigger fail_at_commit after insert on appointments deferrable initially deferred
        for each row when (new.business_id = ${businessId}) execute function fail_at_commit()`));
    const failed = await bookWithKey(customer, 'key-commit', slot('09:00'));
    expect([failed.statusCode, failed.json().code]).toEqual([500, 'INTERNAL']);
    expect(await appointmentsOf(businessId)).toBe(0);
    expect(await keyRows(customer.user.id)).toEqual([]);
    await ctx.database.db.execute(sql.raw('drop trigger fail_at_commit on appointments'));
    const retried = await bookWithKey(customer, 'key-commit', slot('09:00'));
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
    await insertKey(customer.user.id, 'key-expired', { hash: 'old', ageSeconds: day + 60, responseStatus: 201, responseBody: '{}' });
    await insertKey(customer.user.id, 'key-expired-2', { hash: 'old', ageSeconds: day + 60, responseStatus: 201, responseBody: '{}' });
    await insertKey(customer.user.id, 'key-young', { hash: 'young', ageSeconds: day - 60, responseStatus: 201, responseBody: '{}' });
    const reused = await bookWithKey(customer, 'key-expired', slot('09:00'));
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await sweepIdempotencyKeys(ctx.database.db)).toBe(1);
    expect((await keyRows(customer.user.id)).map((r) => r.key)).toEqual(['key-expired', 'key-young']);
  });
});
