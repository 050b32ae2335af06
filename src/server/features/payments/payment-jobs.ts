import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { JobFeature } from '../../jobs/job-queue.js';
import { type DueAction, markActionDone, markActionFailed, type PaymentJobKey, schedulePaymentJob, takeNextAction } from './payment-actions.repository.js';
import { chargeSavedCard } from './charge-saved-card.js';
import { findIntent, findOfferIntent, markCanceled, markCaptured, markSavedCardDeclined } from './payment-intents.repository.js';
import { CardDeclinedError, PaymentRefusedError, type PaymentProcessor, PaymentWaitError } from './payment-processor.js';
import { releaseUnclaimedIntents } from './release-card-holds.js';
import { handleStripeEvent, purgeHandledStripeEvents, STRIPE_EVENT_JOB, stripeEventRetentionCutoff } from './stripe-events.js';

/** The job que_payment_job_add adds with every payment action (payment-jobs.sql). */
export const PAYMENT_JOB = 'payments_run';
/** The recurring job that releases card payments no offer claimed in time. */
export const RELEASE_UNCLAIMED_JOB = 'payments_release_unclaimed';
/** The recurring job that purges handled Stripe webhook events past their retention. */
export const STRIPE_EVENTS_PURGE_JOB = 'payments_stripe_events_purge';

export const MAX_ATTEMPTS = 8;
const WAIT_SECONDS = 3600;

/** 5 s, 10 s, 20 s … after the nth failed try, at most an hour. */
export const backoffSeconds = (attempts: number) => Math.min(5 * 2 ** (attempts - 1), 3600);

/** The processor key of an action: the same on every retry, so the processor does it once. */
export const idempotencyKeyOf = (action: Pick<DueAction, 'id' | 'kind'>) => `que-action-${action.id}-${action.kind}`;

async function intentOf(db: Db, action: DueAction) {
  const row = action.paymentIntentId ? await findIntent(db, action.paymentIntentId) : undefined;
  if (!row) throw new PaymentRefusedError(`Action ${action.id} names no known payment intent`);
  return row;
}

type RecordEffect = (tx: Db) => Promise<void>;
const nothingToRecord: RecordEffect = async () => {};

/** Makes the processor call (outside any transaction); returns how to record its effect on our intent row. */
async function perform(db: Db, processor: PaymentProcessor, action: DueAction): Promise<RecordEffect> {
  const key = idempotencyKeyOf(action);
  if (action.kind === 'payout' && action.businessId !== null) {
    // A business's deposit or fee: only money that was captured (its capture ran first, in order) is paid on.
    const source = await intentOf(db, action);
    if (source.status !== 'succeeded') throw new PaymentRefusedError(`Payout ${action.id}: its card payment ${source.id} was not captured (${source.status})`);
    await processor.payout({ recipient: { kind: 'business', id: action.businessId }, offerId: null, amountCents: action.amountCents, source }, key);
    return nothingToRecord;
  }
  if (action.kind === 'payout') {
    if (action.userId === null || action.offerId === null) throw new PaymentRefusedError(`Payout ${action.id} names no recipient or offer`);
    const source = (await findOfferIntent(db, action.offerId)) ?? null;
    await processor.payout({ recipient: { kind: 'user', id: action.userId }, offerId: action.offerId, amountCents: action.amountCents, source }, key);
    return nothingToRecord;
  }
  const intent = await intentOf(db, action);
  if (action.kind === 'capture') {
    // A fee on a card saved with Stripe: no authorization to capture, the card is charged off-session.
    if (intent.paymentMethodId && !intent.processorRef && processor.cards) return chargeSavedCard(db, processor.cards, intent, action.amountCents, key);
    await processor.capture(intent, action.amountCents, key);
    return (tx) => markCaptured(tx, intent.id, action.amountCents);
  }
  if (action.kind === 'cancel') {
    await processor.cancel(intent, key);
    return (tx) => markCanceled(tx, intent.id);
  }
  await processor.refund(intent, action.amountCents, key);
  return nothingToRecord;
}

/**
 * Records a failed call. A call to try again later (the processor unreachable, or a wait) schedules
 * the payment's next job after its backoff in the same transaction and ends this one: the payment's
 * later actions wait behind it. Returns whether the payment's other actions may go on now.
 */
async function recordFailure(db: Db, log: FastifyBaseLogger | undefined, action: DueAction, error: unknown): Promise<boolean> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PaymentWaitError) {
    await unitOfWork(db, async (tx) => {
      await markActionFailed(tx, action.id, message, { giveUp: false, countAttempt: false });
      await schedulePaymentJob(tx, action, new Date(Date.now() + WAIT_SECONDS * 1000));
    });
    log?.info({ actionId: action.id, kind: action.kind }, message);
    return false;
  }
  const giveUp = error instanceof PaymentRefusedError || action.attempts >= MAX_ATTEMPTS;
  if (giveUp) {
    await unitOfWork(db, async (tx) => {
      await markActionFailed(tx, action.id, message, { giveUp, countAttempt: true });
      // A fee the saved card declined was never paid: its payment back to unpaid, and with it (the same
      // transaction) the fee's ledger transfer reversed, once (deposits/sql/fee-declined.sql).
      if (error instanceof CardDeclinedError && action.kind === 'capture' && action.paymentIntentId) {
        await markSavedCardDeclined(tx, action.paymentIntentId);
      }
    });
    log?.error({ err: error, actionId: action.id, kind: action.kind, attempts: action.attempts }, 'payment action failed for good: needs a person');
    return true;
  }
  await unitOfWork(db, async (tx) => {
    await markActionFailed(tx, action.id, message, { giveUp, countAttempt: true });
    await schedulePaymentJob(tx, action, new Date(Date.now() + backoffSeconds(action.attempts) * 1000));
  });
  log?.warn({ err: error, actionId: action.id, kind: action.kind, attempts: action.attempts }, 'payment action failed; will retry');
  return false;
}

/**
 * The payment job: carries out one payment's pending actions, oldest first (payment-jobs.sql says
 * whose). Each processor call carries the action's idempotency key, and the action is marked done
 * only after the call: a runner killed between the two leaves the action pending, and the job run
 * again (by another runner, runner-liveness.ts) makes the same call with the same key, which the
 * processor does once. Returns how many actions it tried.
 */
export async function runPaymentJob(db: Db, processor: PaymentProcessor, key: PaymentJobKey, log?: FastifyBaseLogger): Promise<number> {
  let tried = 0;
  for (let action = await takeNextAction(db, key); action; action = await takeNextAction(db, key)) {
    tried++;
    try {
      const record = await perform(db, processor, action);
      await unitOfWork(db, async (tx) => {
        await record(tx);
        await markActionDone(tx, action.id);
      });
    } catch (error) {
      if (!(await recordFailure(db, log, action, error))) return tried;
    }
  }
  return tried;
}

/**
 * The payments feature's jobs (app.ts): each payment's actions, each Stripe webhook event, once a minute the release of
 * card payments no offer claimed within RULES.unclaimedCardHoldMinutes (their cancels are payment
 * jobs of their own), and hourly the purge of handled Stripe events past RULES.stripeEventRetentionDays.
 */
export function paymentJobs(db: Db, processor: PaymentProcessor, log?: FastifyBaseLogger, now: () => Date = () => new Date()): JobFeature {
  return {
    tasks: {
      [PAYMENT_JOB]: async (payload) => {
        await runPaymentJob(db, processor, payload as PaymentJobKey, log);
      },
      [STRIPE_EVENT_JOB]: async (payload) => {
        await handleStripeEvent(db, processor, (payload as { eventId: string }).eventId, log);
      },
      [RELEASE_UNCLAIMED_JOB]: async () => {
        const released = await releaseUnclaimedIntents(db);
        if (released > 0) log?.info({ released }, 'released card payments no offer claimed');
      },
      [STRIPE_EVENTS_PURGE_JOB]: async () => {
        const purged = await purgeHandledStripeEvents(db, stripeEventRetentionCutoff(now()));
        if (purged > 0) log?.info({ purged }, 'purged handled Stripe events past their retention');
      },
    },
    recurring: [
      { task: RELEASE_UNCLAIMED_JOB, match: '* * * * *' },
      // hourly at minute 41: away from the top of the hour and the change log's purge (minute 23)
      { task: STRIPE_EVENTS_PURGE_JOB, match: '41 * * * *' },
    ],
  };
}
