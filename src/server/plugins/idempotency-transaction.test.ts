import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentSchema, createAppointmentSchema } from '../../contract/appointments.js';
import { ErrorCode } from '../../contract/errors.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { isTransaction } from '../db/unit-of-work.js';
import { AppError } from '../errors.js';
import { bookAppointment } from '../features/appointments/book-appointment.js';
import { slotRules } from '../features/availability/available-slots.js';
import { contact, serviceBusiness, upcomingWeekday } from '../features/appointments/test-fixtures.js';
import { createTestDatabase, queryRows, signUp, testConfig } from '../test/test-app.js';
import { requireUser } from './session.js';
import { REPLAYED_HEADER } from './idempotency.js';

// The key's claim, the handler's work and the kept answer are one transaction (decision 0008).
// A test-only route books on request.db and then fails in the ways a real handler could.
const fault = { after: 'none' as 'none' | 'crash' | 'refuse' | 'transient' | 'bad-answer', times: 0 };

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  // No background work: the test counts the transactions requests open.
  app = await buildApp({ config: testConfig({ JOB_RUNNER: false }), database, logger: false, serveWeb: false });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/book-then-fail',
    { config: { idempotent: true }, schema: { body: createAppointmentSchema, response: { 201: appointmentSchema } } },
    async (request, reply) => {
      const appointment = await bookAppointment(request.db, requireUser(request), request.body, slotRules(app.config));
      if (fault.times > 0) {
        fault.times--;
        if (fault.after === 'crash') throw new Error('the handler fails after its work');
        if (fault.after === 'refuse') throw new AppError(ErrorCode.CONFLICT, 'refused after the work');
        if (fault.after === 'transient') throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        if (fault.after === 'bad-answer') return reply.status(201).send({ not: 'an appointment' } as never);
      }
      return reply.status(201).send(appointment);
    },
  );
  // A reply sent around Fastify (hijacked) never reaches onSend: nothing is there to keep.
  typed.post('/api/test/book-then-hijack', { config: { idempotent: true }, schema: { body: createAppointmentSchema } }, async (request, reply) => {
    await bookAppointment(request.db, requireUser(request), request.body, slotRules(app.config));
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  typed.post('/api/test/where-it-runs', { config: { idempotent: true } }, async (request) => {
    const rows = ((await request.db.execute(sql`select current_setting('idle_in_transaction_session_timeout') as idle`)) as unknown as { rows: { idle: string }[] }).rows;
    return { inTransaction: isTransaction(request.db), idleLimit: rows[0].idle };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});
beforeEach(() => {
  fault.times = 0;
});

const count = async (query: string) => Number((await queryRows<{ n: number }>(database, query))[0].n);
const appointmentsOf = (businessId: number) => count(`select count(*) as n from appointments where business_id = ${businessId}`);
const keysOf = (userId: number) => queryRows<{ key: string; response_status: number }>(database, `select key, response_status from idempotency_keys where user_id = ${userId}`);

async function setup() {
  const shop = await serviceBusiness(app, { duration: 30 });
  const customer = await signUp(app);
  const body = { ...contact(), businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '09:00' };
  const send = (key: string, url = '/api/test/book-then-fail') => customer.request({ method: 'POST', url, payload: body, headers: { 'idempotency-key': key } });
  return { ...shop, customer, send };
}

describe('a keyed request is one transaction: claim, work and answer', () => {
  it('a handler that fails after its work leaves neither work nor key, and the retry runs at once', async () => {
    const { businessId, customer, send } = await setup();
    Object.assign(fault, { after: 'crash', times: 1 });
    const failed = await send('k-crash');
    expect([failed.statusCode, failed.json().code]).toEqual([500, 'INTERNAL']);
    expect(await appointmentsOf(businessId)).toBe(0);
    expect(await keysOf(customer.user.id)).toEqual([]);
    const retried = await send('k-crash');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    const replayed = await send('k-crash');
    expect([replayed.statusCode, replayed.body, replayed.headers[REPLAYED_HEADER]]).toEqual([201, retried.body, 'true']);
    expect(await appointmentsOf(businessId)).toBe(1);
    expect(await keysOf(customer.user.id)).toEqual([{ key: 'k-crash', response_status: 201 }]);
  });

  it('a refusal thrown after the work rolls the work back and is kept: the retry replays it', async () => {
    const { businessId, customer, send } = await setup();
    Object.assign(fault, { after: 'refuse', times: 1 });
    const refused = await send('k-refuse');
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'CONFLICT']);
    const again = await send('k-refuse');
    expect([again.statusCode, again.body, again.headers[REPLAYED_HEADER]]).toEqual([409, refused.body, 'true']);
    expect(await appointmentsOf(businessId)).toBe(0);
    expect(await keysOf(customer.user.id)).toEqual([{ key: 'k-refuse', response_status: 409 }]);
  });

  it('an answer that fails its response schema is a 500: the work rolls back and nothing is kept', async () => {
    const { businessId, customer, send } = await setup();
    Object.assign(fault, { after: 'bad-answer', times: 1 });
    expect((await send('k-schema')).statusCode).toBe(500);
    expect(await appointmentsOf(businessId)).toBe(0);
    expect(await keysOf(customer.user.id)).toEqual([]);
    expect((await send('k-schema')).statusCode).toBe(201);
  });

  it('a deadlock or serialization failure runs the whole request again; past the retries nothing is kept', async () => {
    const { businessId, customer, send } = await setup();
    Object.assign(fault, { after: 'transient', times: 2 });
    const res = await send('k-transient');
    expect(res.statusCode, res.body).toBe(201);
    expect(await appointmentsOf(businessId)).toBe(1);

    const other = await setup();
    Object.assign(fault, { after: 'transient', times: 3 });
    const gaveUp = await other.send('k-transient');
    expect([gaveUp.statusCode, gaveUp.json().code]).toEqual([409, 'CONFLICT']);
    expect(await appointmentsOf(other.businessId)).toBe(0);
    expect(await keysOf(other.customer.user.id)).toEqual([]);
    expect((await other.send('k-transient')).statusCode).toBe(201);
    expect(await keysOf(customer.user.id)).toHaveLength(1);
  });

  it('a reply that never reaches onSend (hijacked) rolls its transaction back: nothing stays open', async () => {
    const { businessId, customer, send } = await setup();
    const started = Date.now();
    expect((await send('k-hijack', '/api/test/book-then-hijack')).statusCode).toBe(200);
    // The key is held until the transaction gives up waiting for the answer (5 s), then free.
    let res = await send('k-hijack', '/api/test/where-it-runs');
    while (res.statusCode === 409 && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await send('k-hijack', '/api/test/where-it-runs');
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    expect(await appointmentsOf(businessId)).toBe(0);
    expect(await keysOf(customer.user.id)).toEqual([{ key: 'k-hijack', response_status: 200 }]);
  });

  it('without the header the handler runs on the pool: no transaction is opened', async () => {
    const { customer, send } = await setup();
    const keyed = await send('k-where', '/api/test/where-it-runs');
    expect(keyed.json().inTransaction).toBe(true);
    // PostgreSQL ends the session of a keyed transaction left idle (a hung process): its key is freed.
    if (database.kind === 'postgres') expect(keyed.json().idleLimit).toBe('30s');
    const shop = await serviceBusiness(app);
    const transactions = vi.spyOn(database.db, 'transaction');
    try {
      expect((await customer.post('/api/test/where-it-runs', {})).json().inTransaction).toBe(false);
      const booked = await customer.post('/api/appointments', { ...contact(), businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(), time: '10:00' });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
  });

  it('parallel requests with one key book once: the others are told 409 in use, or replay it', async () => {
    const { businessId, customer, send } = await setup();
    const results = await Promise.all(Array.from({ length: 6 }, () => send('k-parallel', '/api/test/book-then-fail')));
    const fresh = results.filter((r) => r.statusCode === 201 && r.headers[REPLAYED_HEADER] === undefined);
    expect(fresh).toHaveLength(1);
    for (const r of results.filter((x) => x !== fresh[0])) {
      if (r.statusCode === 201) expect(r.body).toBe(fresh[0].body);
      else expect([r.statusCode, r.json().code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    }
    expect(await appointmentsOf(businessId)).toBe(1);
    expect(await keysOf(customer.user.id)).toHaveLength(1);
  });
});
