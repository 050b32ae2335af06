import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { runInBackground } from '../../plugins/background-loop.js';
import { type DueAction, leaseDueActions, markActionDone, markActionFailed } from './payment-actions.repository.js';
import { findIntent, findOfferIntent, markCanceled, markCaptured } from './payment-intents.repository.js';
import { PaymentRefusedError, type PaymentProcessor, PaymentWaitError } from './payment-processor.js';
import { releaseUnclaimedIntents } from './release-card-holds.js';
import { STRIPE_CALL_TIMEOUT_MS } from './stripe-processor.js';

const EVERY_MS = 1000;
/** How long a worker holds the actions it took; one that dies mid-call leaves them to others after it. */
const LEASE_SECONDS = 120;
/**
 * As many actions as one worker can call one after another, each taking the processor's longest,
 * with 20 s to spare inside the lease (5): a live worker's lease never ends under it, so no other
 * worker makes the same call while it is still waiting for its answer.
 */
const BATCH = Math.floor((LEASE_SECONDS - 20) / (STRIPE_CALL_TIMEOUT_MS / 1000));
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
  if (action.kind === 'payout') {
    if (action.userId === null || action.offerId === null) throw new PaymentRefusedError(`Payout ${action.id} names no recipient or offer`);
    const source = (await findOfferIntent(db, action.offerId)) ?? null;
    await processor.payout({ userId: action.userId, offerId: action.offerId, amountCents: action.amountCents, source }, key);
    return nothingToRecord;
  }
  const intent = await intentOf(db, action);
  if (action.kind === 'capture') {
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

async function recordFailure(db: Db, log: FastifyBaseLogger | undefined, action: DueAction, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PaymentWaitError) {
    await markActionFailed(db, action.id, message, { delaySeconds: WAIT_SECONDS, giveUp: false, countAttempt: false });
    log?.info({ actionId: action.id, kind: action.kind }, message);
    return;
  }
  const giveUp = error instanceof PaymentRefusedError || action.attempts >= MAX_ATTEMPTS;
  await markActionFailed(db, action.id, message, { delaySeconds: backoffSeconds(action.attempts), giveUp, countAttempt: true });
  if (giveUp) log?.error({ err: error, actionId: action.id, kind: action.kind, attempts: action.attempts }, 'payment action failed for good: needs a person');
  else log?.warn({ err: error, actionId: action.id, kind: action.kind, attempts: action.attempts }, 'payment action failed; will retry');
}

/**
 * Runs every due action once (in batches), on this process's share of them: several workers on
 * one PostgreSQL never take the same action (leaseDueActions). Returns how many it ran.
 */
export async function runDuePaymentActions(db: Db, processor: PaymentProcessor, log?: FastifyBaseLogger): Promise<number> {
  let ran = 0;
  for (;;) {
    const batch = await leaseDueActions(db, BATCH, LEASE_SECONDS);
    for (const action of batch) {
      try {
        const record = await perform(db, processor, action);
        // If this process dies before the commit, the lease ends and the call is repeated with the same key.
        await unitOfWork(db, async (tx) => {
          await record(tx);
          await markActionDone(tx, action.id);
        });
      } catch (error) {
        await recordFailure(db, log, action, error);
      }
    }
    ran += batch.length;
    // Not `< BATCH`: an action held back behind an earlier one of its payment may be due now.
    if (batch.length === 0) return ran;
  }
}

/** How often a worker looks for card payments left unclaimed (a scan of the held ones). */
const UNCLAIMED_SWEEP_EVERY_MS = 60_000;

/**
 * Runs due actions every second while the app runs, and once a minute first releases the card
 * payments no offer claimed within RULES.unclaimedCardHoldMinutes (their cancel actions run in the same round).
 */
export function startPaymentWorker(app: FastifyInstance) {
  let sweptAt = 0;
  runInBackground(app, {
    name: 'payment worker round',
    everyMs: EVERY_MS,
    round: async () => {
      if (Date.now() - sweptAt >= UNCLAIMED_SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        const released = await releaseUnclaimedIntents(app.db);
        if (released > 0) app.log.info({ released }, 'released card payments no offer claimed');
      }
      return runDuePaymentActions(app.db, app.paymentProcessor, app.log);
    },
  });
}
