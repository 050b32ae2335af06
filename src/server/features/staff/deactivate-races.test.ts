import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { grantCredit, swapParties } from '../offers/test-fixtures.js';

// Deactivating a staff member (DELETE /api/staff/{id}) while a customer accepts, reschedules or
// cancels that member's booking (issue 26): the two meet on the business, the member and the
// appointments, and before every writer took them in one order (appointments, then the business,
// then the member) and retried deadlocks, 7 of 36 such races were answered with the generic 409
// "conflicted with another one". Real parallel requests on PostgreSQL: half the rounds race freely,
// half are steered so that each order certainly happens.

const ROUNDS_PER_KIND = 12;
const GENERIC_CONFLICT = /conflicted with another one/;

let ctx: TestContext;
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A payee at 09:00 with the first member (Marco), a payer at 15:00 with the second (Sam). */
async function world() {
  const p = await swapParties(ctx.app, { payer: '15:00', payee: '09:00' });
  const [marco] = await rows<{ id: number }>(sql`select id from staff_members where business_id = ${p.businessId}`);
  const [sam] = await rows<{ id: number }>(sql`insert into staff_members (business_id, name, position) values (${p.businessId}, 'Sam', 2) returning id`);
  // Booked before Sam existed, both are Marco's: the payer's moves to Sam, so the payee's is the one in the race.
  await rows(sql`update appointments set staff_id = ${sam.id} where id = ${p.payerAppointmentId}`);
  return { ...p, marco: marco.id, sam: sam.id };
}

type Kind = 'accept' | 'reschedule' | 'cancel';

async function race(kind: Kind, reassign: boolean, deleteFirst: boolean, steer = false) {
  const w = await world();
  let offerId = 0;
  if (kind === 'accept') {
    await grantCredit(ctx.database, w.payer.user.id, 2000);
    const offer = await w.payer.post('/api/queue-jump-offers', {
      fromAppointmentId: w.payerAppointmentId, toAppointmentId: w.payeeAppointmentId, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'credits',
    });
    expect(offer.statusCode, offer.body).toBe(201);
    offerId = offer.json().id;
  }
  const act = () =>
    kind === 'accept' ? w.payee.post(`/api/queue-jump-offers/${offerId}/accept`, {})
    : kind === 'reschedule' ? w.payee.patch(`/api/appointments/${w.payeeAppointmentId}`, { date: w.date, time: '11:00' })
    : w.payee.patch(`/api/appointments/${w.payeeAppointmentId}`, { status: 'cancelled' });
  const remove = () => w.owner.delete(`/api/staff/${w.marco}${reassign ? '?reassign=true' : ''}`);
  const [removed, acted] = steer
    ? deleteFirst ? await inTurn(w.payeeAppointmentId, remove, act) : (await inTurn(w.payeeAppointmentId, act, remove)).reverse()
    : deleteFirst ? await Promise.all([remove(), act()]) : (await Promise.all([act(), remove()])).reverse();
  return { w, removed, acted };
}

type Answer = Awaited<ReturnType<TestContext['app']['inject']>>;

/** Backends of the test database waiting on a lock, awaited until there are `n` (a signal, not a sleep). */
async function lockWaiters(n: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (row.n >= n) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} requests waiting on the appointment's lock`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Both requests in parallel, steered: the test holds the appointment both lock first, starts
 * `first`, waits until it queues on that lock, starts `second`, waits until it queues behind, and
 * lets go: PostgreSQL grants a row's lock in the order asked.
 */
async function inTurn(appointmentId: number, first: () => Promise<Answer>, second: () => Promise<Answer>): Promise<[Answer, Answer]> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const blocker = ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from appointments where id = ${appointmentId} for update`);
    held();
    await released;
  });
  await holding;
  const a = first();
  await lockWaiters(1);
  const b = second();
  await lockWaiters(2);
  release();
  await blocker;
  return [await a, await b];
}

/** Which ran first, read from what each did: null when the outcome does not tell. */
async function deactivatedFirst(kind: Kind, r: Awaited<ReturnType<typeof race>>): Promise<boolean | null> {
  const { w, removed, acted } = r;
  if (removed.statusCode !== 200 || acted.statusCode !== 200) return null;
  if (kind === 'cancel') return removed.json().reassigned === 1;
  if (kind === 'reschedule') return acted.json().staffId === w.sam;
  // After a swap first, the payer holds Marco's 09:00 and the deactivation moved it last.
  const [row] = await rows<{ last_by_deactivation: boolean }>(sql`
    select a.xmin::text = m.xmin::text as last_by_deactivation from appointments a, staff_members m
     where a.id = ${w.payerAppointmentId} and m.id = ${w.marco}`);
  return !row.last_by_deactivation;
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('deactivating a member while their booking changes (PostgreSQL)', () => {
  for (const kind of ['accept', 'reschedule', 'cancel'] as const) {
    it(`${kind} against DELETE /api/staff/{id}?reassign=true, ${ROUNDS_PER_KIND} rounds: never the generic conflict, both orders`, async () => {
      const orders = new Set<boolean>();
      for (let round = 0; round < ROUNDS_PER_KIND; round++) {
        // Odd rounds are steered, one order then the other; even ones race freely, in either send order.
        const r = await race(kind, true, round % 4 < 2, round % 2 === 1);
        const answers = [r.removed, r.acted].map((res) => `${res.statusCode} ${res.body}`).join('\n');
        expect(answers).not.toMatch(GENERIC_CONFLICT);
        expect([r.removed.statusCode, r.acted.statusCode], answers).toEqual([200, 200]);
        const first = await deactivatedFirst(kind, r);
        if (first !== null) orders.add(first);
        // A steered round usually runs in the order steered, but a writer that lost a deadlock runs again
        // after the other (that retry is the subject here), so the order is recorded, not required; the
        // set of orders seen must still hold both (below).
        // Nobody is left with the removed member.
        const left = await rows<{ n: number }>(sql`select count(*)::int as n from appointments where staff_id = ${r.w.marco} and status = 'confirmed'`);
        expect(left[0].n).toBe(0);
      }
      expect([...orders].sort()).toEqual([false, true]);
    }, 120_000);
  }

  it(`without reassign, ${ROUNDS_PER_KIND} rounds of each: refused by the rule or done, never the generic conflict`, async () => {
    for (let round = 0; round < ROUNDS_PER_KIND; round++) {
      for (const kind of ['accept', 'reschedule', 'cancel'] as const) {
        const r = await race(kind, false, round % 2 === 0);
        const answers = [r.removed, r.acted].map((res) => `${res.statusCode} ${res.body}`).join('\n');
        expect(answers).not.toMatch(GENERIC_CONFLICT);
        expect(r.acted.statusCode, answers).toBe(200);
        expect([200, 409], answers).toContain(r.removed.statusCode);
      }
    }
  }, 240_000);
});
