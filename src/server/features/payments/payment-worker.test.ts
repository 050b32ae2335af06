import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestApp, queryRows, type TestContext } from '../../test/test-app.js';
import type { IntentRef, PaymentProcessor, PayoutInput } from './payment-processor.js';
import { leaseDueActions, markActionDone, markActionFailed } from './payment-actions.repository.js';
import { MAX_ATTEMPTS, runDuePaymentActions } from './payment-worker.js';
import { TestPaymentProcessor } from './test-processor.js';
import { authorizedIntent, claimAuthorizedIntent, insertOffer, swapParties, queueAction } from './test-fixtures.js';

let ctx: TestContext;
let processor: TestPaymentProcessor;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false });
  processor = new TestPaymentProcessor(ctx.database.db);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const actions = () => queryRows<{ id: number; kind: string; status: string; attempts: number; last_error: string | null; wait: number }>(
  ctx.database,
  `select id, kind, status, attempts, last_error, round(extract(epoch from run_after - now()))::int as wait from payment_actions order by id`,
);
const intentRow = async (id: string) => (await queryRows(ctx.database, `select status, captured_cents, offer_id from payment_intents where id = '${id}'`))[0];
const makeDue = () => ctx.database.db.execute(`update payment_actions set run_after = now() where status = 'pending'`);

/** The test processor, failing the first `failures` calls of each kind, and counting calls by idempotency key. */
class FlakyProcessor implements PaymentProcessor {
  readonly name = 'test' as const;
  calls: string[] = [];
  constructor(private failures: number, private readonly delayMs = 0) {}
  createIntent = processor.createIntent.bind(processor);
  retrieve = processor.retrieve.bind(processor);
  private async step(key: string, then: () => Promise<void>) {
    this.calls.push(key);
    // A processor's round trip, simulated (the subject: workers overlapping while a call is out).
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failures-- > 0) throw new Error('processor unreachable (simulated)');
    await then();
  }
  capture = (i: IntentRef, cents: number, key: string) => this.step(key, () => processor.capture(i, cents));
  cancel = (i: IntentRef, key: string) => this.step(key, () => processor.cancel(i));
  refund = (i: IntentRef, cents: number, key: string) => this.step(key, () => processor.refund(i, cents));
  payout = (_p: PayoutInput, key: string) => this.step(key, async () => {});
}

/** An authorized $30 intent claimed by a new offer. */
async function claimedIntent() {
  const parties = await swapParties(ctx.app);
  const { paymentIntentId } = await authorizedIntent(parties.payer, 30);
  const offerId = await insertOffer(db(), parties);
  await unitOfWork(db(), (tx) => claimAuthorizedIntent(tx, { idOrClientSecret: paymentIntentId, userId: parties.payer.user.id, amountCents: 3000, offerId }));
  return { parties, paymentIntentId, offerId };
}

describe('payment actions and the worker', () => {
  it('records actions in the caller’s transaction, once however often asked, and runs each once after commit', async () => {
    const { parties, paymentIntentId, offerId } = await claimedIntent();
    await unitOfWork(db(), async (tx) => {
      await queueAction(tx, { kind: 'capture', paymentIntentId, amountCents: 2500 });
      await queueAction(tx, { kind: 'capture', paymentIntentId, amountCents: 2500 });
      await queueAction(tx, { kind: 'payout', offerId, userId: parties.payee.user.id, amountCents: 2375 });
    });
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'capture', paymentIntentId, amountCents: 2500 }));
    // Rolled back with the caller's transaction: never run.
    await unitOfWork(db(), async (tx) => {
      await queueAction(tx, { kind: 'cancel', paymentIntentId, amountCents: 0 });
      throw new Error('the use case failed');
    }).catch(() => {});
    const counting = new FlakyProcessor(0);
    expect(await runDuePaymentActions(db(), counting)).toBe(2);
    expect(await runDuePaymentActions(db(), counting)).toBe(0);
    const [capture, payout] = await actions();
    expect(counting.calls).toEqual([`que-action-${capture.id}-capture`, `que-action-${payout.id}-payout`]);
    expect([capture, payout].map((a) => [a.kind, a.status, a.attempts, a.last_error])).toEqual([['capture', 'done', 1, null], ['payout', 'done', 1, null]]);
    expect(await intentRow(paymentIntentId)).toEqual({ status: 'succeeded', captured_cents: 2500, offer_id: offerId });

    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'refund', paymentIntentId, offerId, amountCents: 500 }));
    expect(await runDuePaymentActions(db(), processor)).toBe(1);
    expect((await actions()).at(-1)).toMatchObject({ kind: 'refund', status: 'done' });
  });

  it('retries a failed call with exponential backoff and the same idempotency key', async () => {
    const { paymentIntentId } = await claimedIntent();
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'cancel', paymentIntentId, amountCents: 0 }));
    const flaky = new FlakyProcessor(2);
    expect(await runDuePaymentActions(db(), flaky)).toBe(1);
    let cancel = (await actions()).at(-1)!;
    expect(cancel).toMatchObject({ status: 'pending', attempts: 1, last_error: 'processor unreachable (simulated)' });
    expect(cancel.wait).toBeGreaterThanOrEqual(4);
    expect(cancel.wait).toBeLessThanOrEqual(5);
    expect(await runDuePaymentActions(db(), flaky)).toBe(0);
    await makeDue();
    await runDuePaymentActions(db(), flaky);
    cancel = (await actions()).at(-1)!;
    expect(cancel).toMatchObject({ status: 'pending', attempts: 2 });
    expect(cancel.wait).toBeGreaterThanOrEqual(9);
    await makeDue();
    await runDuePaymentActions(db(), flaky);
    expect((await actions()).at(-1)).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    expect(new Set(flaky.calls)).toEqual(new Set([`que-action-${cancel.id}-cancel`]));
    expect(flaky.calls).toHaveLength(3);
    expect((await intentRow(paymentIntentId)).status).toBe('canceled');
  });

  it(`gives up after ${MAX_ATTEMPTS} tries, and at once on a call the processor refuses`, async () => {
    const first = await claimedIntent();
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'capture', paymentIntentId: first.paymentIntentId, amountCents: 2500 }));
    const down = new FlakyProcessor(Number.POSITIVE_INFINITY);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await makeDue();
      await runDuePaymentActions(db(), down);
    }
    expect((await actions()).at(-1)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await makeDue();
    expect(await runDuePaymentActions(db(), down)).toBe(0);
    expect((await intentRow(first.paymentIntentId)).status).toBe('requires_capture');

    const second = await claimedIntent();
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'capture', paymentIntentId: second.paymentIntentId, amountCents: 3001 }));
    expect(await runDuePaymentActions(db(), processor)).toBe(1);
    expect((await actions()).at(-1)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/Cannot capture \$30\.01 .* \$30\.00 is authorized/) });
  });

  it('never lets a refund or payout overtake the capture of its payment (a worker died holding the capture)', async () => {
    // Earlier tests' actions are done or given up on, so only this test's run from here.
    await ctx.database.db.execute(`update payment_actions set status = 'failed' where status = 'pending'`);
    const { parties, paymentIntentId, offerId } = await claimedIntent();
    await unitOfWork(db(), async (tx) => {
      await queueAction(tx, { kind: 'capture', paymentIntentId, amountCents: 3000 });
      await queueAction(tx, { kind: 'refund', paymentIntentId, offerId, amountCents: 3000 });
    });
    const other = await claimedIntent();
    await unitOfWork(db(), async (tx) => {
      await queueAction(tx, { kind: 'capture', paymentIntentId: other.paymentIntentId, amountCents: 3000 });
      await queueAction(tx, { kind: 'payout', offerId: other.offerId, userId: parties.payee.user.id, amountCents: 2850 });
    });
    // Both captures leased by a worker that was killed: their lease has not run out.
    await ctx.database.db.execute(`update payment_actions set run_after = now() + interval '2 minutes', attempts = 1 where kind = 'capture' and status = 'pending'`);
    const calls = new FlakyProcessor(0);
    expect(await runDuePaymentActions(db(), calls)).toBe(0);
    expect((await actions()).filter((a) => a.status === 'pending').map((a) => a.kind)).toEqual(['capture', 'refund', 'capture', 'payout']);

    // The lease ends: each capture runs, then what waited behind it, in the same round.
    await makeDue();
    expect(await runDuePaymentActions(db(), calls)).toBe(4);
    expect(calls.calls.map((key) => key.replace(/que-action-\d+-/, ''))).toEqual(['capture', 'capture', 'refund', 'payout']);
    expect((await actions()).slice(-4).map((a) => [a.kind, a.status, a.last_error])).toEqual([
      ['capture', 'done', null], ['refund', 'done', null], ['capture', 'done', null], ['payout', 'done', null],
    ]);
    expect(await intentRow(paymentIntentId)).toMatchObject({ status: 'succeeded', captured_cents: 3000 });
  });

  it('runs each action exactly once when several workers race over the same due actions', async () => {
    const parties = await swapParties(ctx.app);
    const offerIds = await Promise.all(Array.from({ length: 24 }, () => insertOffer(db(), parties)));
    await unitOfWork(db(), async (tx) => {
      for (const offerId of offerIds) await queueAction(tx, { kind: 'payout', offerId, userId: parties.payee.user.id, amountCents: 1000 });
    });
    const racer = new FlakyProcessor(0, 5);
    const ran = await Promise.all([1, 2, 3].map(() => runDuePaymentActions(db(), racer)));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(24);
    // On PostgreSQL the workers really overlap (PGlite has one connection and takes them in turn).
    if (ctx.database.kind === 'postgres') expect(ran.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(racer.calls).toHaveLength(24);
    expect(new Set(racer.calls).size).toBe(24);
    const payouts = (await actions()).filter((a) => a.kind === 'payout' && a.status === 'done' && a.attempts === 1);
    expect(payouts.length).toBeGreaterThanOrEqual(24);
  });

  it('a late failure report never reopens an action another worker has finished', async () => {
    const parties = await swapParties(ctx.app);
    const offerId = await insertOffer(db(), parties);
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'payout', offerId, userId: parties.payee.user.id, amountCents: 1000 }));
    const [leased] = await leaseDueActions(db(), 5, 120);
    await markActionDone(db(), leased.id);
    await markActionFailed(db(), leased.id, 'timed out', { delaySeconds: 5, giveUp: false, countAttempt: true });
    expect((await actions()).find((a) => a.id === leased.id)).toMatchObject({ status: 'done', last_error: null });
  });
});
