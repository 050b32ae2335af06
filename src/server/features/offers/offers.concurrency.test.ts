import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import type { Client } from '../appointments/test-fixtures.js';
import { appointmentTime, book, creditOffer, expectLedgerBalanced, grantCredit, restaurant, swapParties, upcomingDay } from './test-fixtures.js';
import { offerInvariantViolations } from './test-invariants.js';
import { inLockOrder } from '../../test/lock-order.js';
import { sql } from 'drizzle-orm';
import { unitOfWork } from '../../db/unit-of-work.js';
import { expireDueOffers } from './offer-jobs.js';

// Real parallel requests against PostgreSQL: the offer, appointment and ledger locks must make
// every race end in one consistent outcome. After each test the ledger sums to zero and the offer
// invariants of test-invariants.ts hold.

let ctx: TestContext;
let customers: Client[];
const onPostgres = process.env.TEST_DB === 'postgres';
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestApp();
  customers = await Promise.all(Array.from({ length: 21 }, () => signUp(ctx.app)));
}, 120_000);
afterAll(() => ctx?.close());

function tally(results: LightMyRequestResponse[]) {
  const count: Record<string, number> = {};
  for (const r of results) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
}

const creditOfUser = async (client: Client) => (await client.get(`/api/credits/${client.user.id}`)).json().credits as string;
const offerStatus = async (client: Client, id: number) => (await client.get(`/api/queue-jump-offers/${id}`)).json() as { status: string; escrowStatus: string };

async function expectConsistent() {
  await expectLedgerBalanced(ctx.database);
  expect(await offerInvariantViolations(ctx.database)).toEqual([]);
}

describe.runIf(onPostgres)('offers under parallel requests (PostgreSQL only: PGlite is one connection, so requests never overlap there)', () => {
  it('one offer accepted 20 times at once swaps once', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 3000);
    const offer = (await creditOffer(p, 10)).json();
    const results = await Promise.all(Array.from({ length: 20 }, () => p.payee.post(`/api/queue-jump-offers/${offer.id}/accept`)));
    const counts = tally(results);
    expect(counts['200']).toBe(1);
    expect((counts['409'] ?? 0) + (counts['403'] ?? 0)).toBe(19);
    expect(await appointmentTime(p.payer, p.payerAppointmentId)).toMatchObject({ time: '09:00', status: 'confirmed' });
    expect(await appointmentTime(p.payee, p.payeeAppointmentId)).toMatchObject({ time: '15:00', status: 'confirmed' });
    // the $15 posted into escrow once: $30 - $15
    expect(await creditOfUser(p.payer)).toBe('15.00');
    const posted = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from ledger_transfers where offer_id = ${offer.id} and flags = 'post_pending'`);
    expect(posted[0].n).toBe(1);
    await expectConsistent();
  });

  it('two offers on one target accepted at once: one swap, the other offer ended and its payer refunded', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await swapParties(ctx.app, { payer: '15:00', payee: '09:00' });
      const second = customers[round];
      const own = await book(second, { businessId: p.businessId, serviceId: p.serviceId, date: p.date, time: '16:00' });
      expect(own.statusCode, own.body).toBe(201);
      await grantCredit(ctx.database, p.payer.user.id, 3000);
      await grantCredit(ctx.database, second.user.id, 3000);
      const firstOffer = (await creditOffer(p, 10)).json();
      const secondOffer = await creditOffer({ ...p, payer: second, payerAppointmentId: own.json().id }, 12);
      expect(secondOffer.statusCode, secondOffer.body).toBe(201);
      const ids = [firstOffer.id as number, secondOffer.json().id as number];
      const results = await Promise.all(ids.map((id) => p.payee.post(`/api/queue-jump-offers/${id}/accept`)));
      expect(tally(results)).toEqual({ 200: 1, 409: 1 });
      const winner = results[0].statusCode === 200 ? 0 : 1;
      const payers = [p.payer, second];
      expect((await offerStatus(p.payee, ids[winner])).status).toBe('accepted');
      expect((await offerStatus(p.payee, ids[1 - winner])).status).toBe('cancelled');
      // the loser has all $30 back; the winner paid $15 (offer $10 + $5) or $17 (offer $12 + $5)
      expect(await creditOfUser(payers[1 - winner])).toBe('30.00');
      expect(await creditOfUser(payers[winner])).toBe(winner === 0 ? '15.00' : '13.00');
      const payeeAt = await appointmentTime(p.payee, p.payeeAppointmentId);
      expect(payeeAt?.time).toBe(winner === 0 ? '15:00' : '16:00');
      await expectConsistent();
    }
  });

  it('20 credit offers from one payer at once never overdraw: exactly floor(balance / total) are made', async () => {
    const { businessId } = await restaurant(ctx.app, { seatingCapacity: 40, maxPartySize: 4 });
    const date = upcomingDay(3);
    const [payer, ...targets] = customers.slice(0, 21);
    const own = await book(payer, { businessId, date, time: '21:00', partySize: 1 });
    expect(own.statusCode, own.body).toBe(201);
    const targetIds: number[] = [];
    for (const t of targets) {
      const res = await book(t, { businessId, date, time: '18:00', partySize: 1 });
      expect(res.statusCode, res.body).toBe(201);
      targetIds.push(res.json().id as number);
    }
    // restaurant fee rule: $10 + 5% + $5 = $15.50 each; $100 pays for six
    const before = Number(await creditOfUser(payer));
    await grantCredit(ctx.database, payer.user.id, 10_000 - Math.round(before * 100));
    const results = await Promise.all(
      targetIds.map((toAppointmentId) =>
        payer.post('/api/queue-jump-offers', { fromAppointmentId: own.json().id, toAppointmentId, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'credits' }),
      ),
    );
    const counts = tally(results);
    expect(counts).toEqual({ 201: Math.floor(10_000 / 1550), 400: 20 - Math.floor(10_000 / 1550) });
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().code).toBe('INSUFFICIENT_CREDIT');
    expect(await creditOfUser(payer)).toBe('7.00');
    await expectConsistent();
  });

  it('cancelling an appointment while its offer is accepted leaves a swap (settled later) or an ended offer, never both or neither (each order)', async () => {
    const outcomes: string[] = [];
    // Both ways round, steered (test/lock-order.ts): ten rounds left to chance could all go one way.
    for (const acceptFirst of [true, false]) {
      const p = await swapParties(ctx.app);
      await grantCredit(ctx.database, p.payer.user.id, 3000);
      const offer = (await creditOffer(p, 10)).json();
      // the owner cancels the target appointment as its customer accepts, both in flight at once
      const accept = () => p.payee.post(`/api/queue-jump-offers/${offer.id}/accept`);
      const cancel = () => p.owner.patch(`/api/appointments/${p.payeeAppointmentId}`, { status: 'cancelled' });
      const [accepted, cancelled] = acceptFirst
        ? await inLockOrder(ctx.database, 'appointments', p.payeeAppointmentId, accept, cancel)
        : await inLockOrder(ctx.database, 'appointments', p.payeeAppointmentId, cancel, accept).then(([c, a]) => [a, c] as const);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const state = await offerStatus(p.payer, offer.id);
      const payerAt = (await appointmentTime(p.payer, p.payerAppointmentId))!;
      if (accepted.statusCode === 200) {
        // swapped, then the cancellation: the escrow stays until the payer's appointment is done
        outcomes.push('swap');
        expect(state).toMatchObject({ status: 'accepted', escrowStatus: 'held' });
        expect(payerAt).toMatchObject({ time: '09:00', status: 'confirmed' });
        expect(await creditOfUser(p.payer)).toBe('15.00');
        // The payer then cancels the slot she bought herself: the swap happened at acceptance, so
        // once both are finished the recipient is paid (only a business cancelling it refunds her).
        expect((await p.payer.patch(`/api/appointments/${p.payerAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
        expect((await offerStatus(p.payer, offer.id)).escrowStatus).toBe('released');
        expect(await creditOfUser(p.payer)).toBe('15.00');
        expect(await creditOfUser(p.payee)).toBe('9.50');
      } else {
        outcomes.push('refund');
        expect(accepted.statusCode, accepted.body).toBe(409);
        expect(state.status).toBe('cancelled');
        expect(payerAt).toMatchObject({ time: '15:00', status: 'confirmed' });
        expect(await creditOfUser(p.payer)).toBe('30.00');
      }
      await expectConsistent();
    }
    expect(outcomes).toEqual(['swap', 'refund']);
  });

  it('the expiry sweep takes a due offer while another transaction refers to it (a follow job inserting a row that names it)', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 1000);
    const made = (await creditOffer(p, 5)).json() as { id: number };
    await ctx.database.db.execute(sql`update offers set expires_at = now() - interval '1 second' where id = ${made.id}`);
    // KEY SHARE is what a foreign key check takes on the offer while a row naming it is inserted.
    const swept = await unitOfWork(ctx.database.db, async (tx) => {
      await tx.execute(sql`select 1 from offers where id = ${made.id} for key share`);
      return expireDueOffers(ctx.database.db);
    });
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await offerStatus(p.payer, made.id)).status).toBe('expired');
    await expectConsistent();
  });
});
