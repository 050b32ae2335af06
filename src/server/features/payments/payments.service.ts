import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { sqlCall } from '../../errors.js';
import { insertAction } from './payment-actions.repository.js';
import { applySnapshot, findIntentByIdOrSecret } from './payment-intents.repository.js';
import type { PaymentProcessor } from './payment-processor.js';

// The offers feature calls these inside its own transaction (`tx`). Processor calls never happen
// here: each request* records an action that the worker carries out after the commit, exactly once.

export { createPaymentIntent } from './create-payment-intent.js';
export { runDuePaymentActions, startPaymentWorker } from './payment-worker.js';

export interface ClaimInput {
  /** The intent's id or its clientSecret (SPEC's client sends the latter). */
  idOrClientSecret: string;
  userId: number;
  amountCents: number;
  offerId: number;
}

const p = (name: string) => sql.placeholder(name);

// The rule is SQL, once (que_claim_intent, migration 0008): an offer's one call claims with it too.
const callClaim = cachedSql(
  'que_claim_intent',
  sql`select que_claim_intent(${p('key')}::text, ${p('userId')}::int, ${p('amountCents')}::int, ${p('offerId')}::int) as id`,
);

/**
 * Binds the payer's authorized card intent (exactly this amount, used by no other offer) to an
 * offer, in the offer's transaction. Exactly one of several offers claiming one intent wins; the
 * rest get VALIDATION (400) saying why (one message for unknown and someone else's, so ids cannot
 * be probed). Claiming again for the same offer (a retried request) returns the same intent.
 */
export async function claimAuthorizedIntent(tx: Db, input: ClaimInput): Promise<{ id: string }> {
  const result = (await sqlCall(callClaim(tx, { key: input.idOrClientSecret, userId: input.userId, amountCents: input.amountCents, offerId: input.offerId }))) as {
    rows: { id: string }[];
  };
  return { id: result.rows[0].id };
}

/** Captures `amountCents` (≤ authorized; 0 is not a capture, request a cancel) into the platform balance. */
export async function requestCapture(tx: Db, input: { paymentIntentId: string; amountCents: number }): Promise<void> {
  await insertAction(tx, { kind: 'capture', paymentIntentId: input.paymentIntentId, amountCents: input.amountCents });
}

/** Releases an authorization that will not be captured (decline, cancel, expiry). */
export async function requestCancel(tx: Db, input: { paymentIntentId: string }): Promise<void> {
  await insertAction(tx, { kind: 'cancel', paymentIntentId: input.paymentIntentId, amountCents: 0 });
}

/** Gives back captured money: one refund per intent and offer. */
export async function requestRefund(tx: Db, input: { paymentIntentId: string; offerId: number; amountCents: number }): Promise<void> {
  await insertAction(tx, { kind: 'refund', paymentIntentId: input.paymentIntentId, offerId: input.offerId, amountCents: input.amountCents });
}

/** Pays a released escrow to the recipient: one payout per offer. */
export async function requestPayout(tx: Db, input: { offerId: number; userId: number; amountCents: number }): Promise<void> {
  await insertAction(tx, { kind: 'payout', offerId: input.offerId, userId: input.userId, amountCents: input.amountCents });
}

/**
 * With Stripe the card is confirmed by Stripe.js, so our row learns of the authorization here:
 * call it before the transaction that claims the intent (a no-op when the row already knows, and
 * for the test processor). Only the user's own intents are looked at.
 */
export async function refreshIntentFromProcessor(db: Db, processor: PaymentProcessor, input: { idOrClientSecret: string; user: Pick<User, 'id'> }) {
  const row = await findIntentByIdOrSecret(db, input.idOrClientSecret);
  if (!row || row.userId !== input.user.id || row.status !== 'requires_payment_method' || processor.name === 'test') return;
  const snapshot = await processor.retrieve(row);
  if (snapshot && snapshot.status !== 'requires_payment_method') await applySnapshot(db, row.id, snapshot);
}
