import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestApp, queryRows, type TestContext } from '../../test/test-app.js';
import type { IntentRef, PaymentProcessor, PayoutInput } from './payment-processor.js';
import { runJobsNow } from '../../jobs/jobs-test-support.js';
import { markActionDone, markActionFailed, takeNextAction } from './payment-actions.repository.js';
import { MAX_ATTEMPTS, PAYMENT_JOB, paymentJobs } from './payment-jobs.js';
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
const actions = () => queryRows<{ id: number; kind: string; status: string; attempts: number; last_error: string | null }>(
  ctx.database,
  `select id, kind, status, attempts, last_error from payment_actions order by id`,
);
const intentRow = async (id: string) => (await queryRows(ctx.database, `select status, captured_cents, offer_id from payment_intents where id = '${id}'`))[0];
const paymentJobsWaiting = () => queryRows<{ payload: Record<string, unknown>; wait: number; queue: string }>(
  ctx.database,
  `select j.payload, round(extract(epoch from j.run_at - now()))::int as wait, q.queue_name as queue
     from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
     left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
    where t.identifier = '${PAYMENT_JOB}' and j.attempts < j.max_attempts order by j.id`,
);
/** A retry's time has come: the payment jobs waiting for a backoff are due now. */
const makeDue = () =>
  ctx.database.db.execute(
    `update graphile_worker._private_jobs set run_at = now() where task_id = (select id from graphile_worker._private_tasks where identifier = '${PAYMENT_JOB}')`,
  );
/** Runs the due payment jobs with `with` as the processor, on runners of their own (this app runs none). */
const runPaymentJobs = (withProcessor: PaymentProcessor, runners = 1, concurrency = 1) =>
  runJobsNow(ctx.database, paymentJobs(db(), withProcessor), { runners, concurrency });

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

describe('payment actions and their jobs', () => {
  it('records actions in the caller’s transaction, once however often asked, each with its job, and runs each once after commit', async () => {
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
    // One waiting job for the offer's payment (its own actions and its card payment's), in its queue.
    expect(await paymentJobsWaiting()).toEqual([{ payload: { offerId }, wait: 0, queue: `payments:${offerId % 16}` }]);
    const counting = new FlakyProcessor(0);
    await runPaymentJobs(counting);
    await runPaymentJobs(counting);
    const [capture, payout] = await actions();
    expect(counting.calls).toEqual([`que-action-${capture.id}-capture`, `que-action-${payout.id}-payout`]);
    expect([capture, payout].map((a) => [a.kind, a.status, a.attempts, a.last_error])).toEqual([['capture', 'done', 1, null], ['payout', 'done', 1, null]]);
    expect(await intentRow(paymentIntentId)).toEqual({ status: 'succeeded', captured_cents: 2500, offer_id: offerId });
    expect(await paymentJobsWaiting()).toEqual([]);

    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'refund', paymentIntentId, offerId, amountCents: 500 }));
    await runPaymentJobs(processor);
    expect((await actions()).at(-1)).toMatchObject({ kind: 'refund', status: 'done' });
  });

  it('retries a failed call with exponential backoff and the same idempotency key', async () => {
    const { paymentIntentId } = await claimedIntent();
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'cancel', paymentIntentId, amountCents: 0 }));
    const flaky = new FlakyProcessor(2);
    await runPaymentJobs(flaky);
    let cancel = (await actions()).at(-1)!;
    expect(cancel).toMatchObject({ status: 'pending', attempts: 1, last_error: 'processor unreachable (simulated)' });
    let [retry] = await paymentJobsWaiting();
    expect(retry.wait).toBeGreaterThanOrEqual(4);
    expect(retry.wait).toBeLessThanOrEqual(5);
    await runPaymentJobs(flaky);
    expect(flaky.calls).toHaveLength(1);
    await makeDue();
    await runPaymentJobs(flaky);
    cancel = (await actions()).at(-1)!;
    expect(cancel).toMatchObject({ status: 'pending', attempts: 2 });
    [retry] = await paymentJobsWaiting();
    expect(retry.wait).toBeGreaterThanOrEqual(9);
    await makeDue();
    await runPaymentJobs(flaky);
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
      await runPaymentJobs(down);
    }
    expect((await actions()).at(-1)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await paymentJobsWaiting()).toEqual([]);
    expect(down.calls).toHaveLength(MAX_ATTEMPTS);
    expect((await intentRow(first.paymentIntentId)).status).toBe('requires_capture');

    const second = await claimedIntent();
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'capture', paymentIntentId: second.paymentIntentId, amountCents: 3001 }));
    await runPaymentJobs(processor);
    expect((await actions()).at(-1)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/Cannot capture \$30\.01 .* \$30\.00 is authorized/) });
  });

  it('never lets a refund or payout overtake the capture of its payment, and one payment waiting holds back no other', async () => {
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
    // The first call fails (the processor unreachable): the first payment's capture waits for its retry.
    const calls = new FlakyProcessor(1);
    await runPaymentJobs(calls);
    const kinds = () => calls.calls.map((key) => key.replace(/que-action-\d+-/, ''));
    const firstCaptureFailed = calls.calls[0] === `que-action-${(await actions()).at(-4)!.id}-capture`;
    // Whichever payment's job ran first, its capture failed and what waits behind it was not called.
    expect(kinds()).toEqual(['capture', 'capture', firstCaptureFailed ? 'payout' : 'refund']);
    expect((await actions()).slice(-4).filter((a) => a.status === 'pending').map((a) => a.kind)).toEqual(['capture', firstCaptureFailed ? 'refund' : 'payout']);

    // The backoff ends: the capture runs, then what waited behind it.
    await makeDue();
    await runPaymentJobs(calls);
    expect(kinds().slice(3)).toEqual(['capture', firstCaptureFailed ? 'refund' : 'payout']);
    expect((await actions()).slice(-4).map((a) => [a.kind, a.status, a.last_error])).toEqual([
      ['capture', 'done', null], ['refund', 'done', null], ['capture', 'done', null], ['payout', 'done', null],
    ]);
    expect(await intentRow(paymentIntentId)).toMatchObject({ status: 'succeeded', captured_cents: 3000 });
  });

  it('runs each action exactly once when several runners race over the same due jobs', async () => {
    const parties = await swapParties(ctx.app);
    const offerIds = await Promise.all(Array.from({ length: 24 }, () => insertOffer(db(), parties)));
    await unitOfWork(db(), async (tx) => {
      for (const offerId of offerIds) await queueAction(tx, { kind: 'payout', offerId, userId: parties.payee.user.id, amountCents: 1000 });
    });
    const racer = new FlakyProcessor(0, 5);
    await runPaymentJobs(racer, 3, 3);
    expect(racer.calls).toHaveLength(24);
    expect(new Set(racer.calls).size).toBe(24);
    const payouts = (await actions()).filter((a) => a.kind === 'payout' && a.status === 'done' && a.attempts === 1);
    expect(payouts.length).toBeGreaterThanOrEqual(24);
  });

  it('a job run again after its runner died mid-call makes the same call with the same key, and records it once', async () => {
    const { paymentIntentId, offerId } = await claimedIntent();
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'capture', paymentIntentId, amountCents: 2000 }));
    // The dead runner's try: the action taken (its try counted), the call made, nothing recorded.
    const taken = (await takeNextAction(db(), { offerId }))!;
    const calls = new FlakyProcessor(0);
    await calls.capture({ id: paymentIntentId, processorRef: null }, 2000, `que-action-${taken.id}-capture`);
    await runPaymentJobs(calls);
    expect(calls.calls).toEqual([`que-action-${taken.id}-capture`, `que-action-${taken.id}-capture`]);
    expect((await actions()).at(-1)).toMatchObject({ id: taken.id, status: 'done', attempts: 2 });
    expect(await intentRow(paymentIntentId)).toMatchObject({ status: 'succeeded', captured_cents: 2000 });
  });

  it('a late failure report never reopens an action another runner has finished', async () => {
    const parties = await swapParties(ctx.app);
    const offerId = await insertOffer(db(), parties);
    await unitOfWork(db(), (tx) => queueAction(tx, { kind: 'payout', offerId, userId: parties.payee.user.id, amountCents: 1000 }));
    const taken = (await takeNextAction(db(), { offerId }))!;
    await markActionDone(db(), taken.id);
    await markActionFailed(db(), taken.id, 'timed out', { giveUp: false, countAttempt: true });
    expect((await actions()).find((a) => a.id === taken.id)).toMatchObject({ status: 'done', last_error: null });
  });
});
