import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';

export type ActionKind = 'capture' | 'cancel' | 'refund' | 'payout';

/** An action as the offer SQL functions record it (que_offer_accept, que_offer_end, que_offer_settle). */
export interface NewAction {
  kind: ActionKind;
  paymentIntentId?: string | null;
  offerId?: number | null;
  userId?: number | null;
  amountCents: number;
}

export interface DueAction {
  id: number;
  kind: ActionKind;
  paymentIntentId: string | null;
  offerId: number | null;
  userId: number | null;
  businessId: number | null;
  amountCents: number;
  attempts: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whose actions a payment job carries out (que_payment_job_add): an offer's, or an unclaimed card payment's. */
export type PaymentJobKey = { offerId: number } | { intentId: string };

/**
 * The payment's oldest pending action, its try counted (crashed tries too): an offer's own actions
 * and those of the card payment it claimed, or those of one card payment. Only the payment's job
 * calls this, and jobs of one payment run one at a time (que_payment_job_add), so the actions of a
 * payment are carried out in order, one at a time; failed ones do not block the rest.
 */
export async function takeNextAction(db: Db, key: PaymentJobKey): Promise<DueAction | undefined> {
  const offerId = 'offerId' in key ? key.offerId : null;
  const intentId = 'intentId' in key ? key.intentId : null;
  const result = await db.execute(sql`
    update payment_actions a set attempts = a.attempts + 1
    where a.id = (
      select d.id from payment_actions d
      left join payment_intents i on i.id = d.payment_intent_id
      where d.status = 'pending'
        and (d.offer_id = ${offerId}::int or i.offer_id = ${offerId}::int
          -- an unclaimed card payment's (released: no offer ever claims it after), never an offer's
          or (d.payment_intent_id = ${intentId}::text and d.offer_id is null and i.offer_id is null))
      order by d.id
      limit 1)
    returning a.id, a.kind, a.payment_intent_id, a.offer_id, a.user_id, a.business_id, a.amount_cents, a.attempts`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    kind: r.kind as ActionKind,
    paymentIntentId: (r.payment_intent_id as string | null) ?? null,
    offerId: r.offer_id === null ? null : Number(r.offer_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    businessId: r.business_id === null ? null : Number(r.business_id),
    amountCents: Number(r.amount_cents),
    attempts: Number(r.attempts),
  }))[0];
}

/** The payment's next job at `runAt` (a retry after a backoff), in its queue (que_payment_job_add). */
export async function schedulePaymentJob(db: Db, action: Pick<DueAction, 'paymentIntentId' | 'offerId'>, runAt: Date) {
  await callJobAdd(db, { intentId: action.paymentIntentId, offerId: action.offerId, runAt: runAt.toISOString() });
}

const callJobAdd = sqlFunction(
  'que_payment_job_add',
  sql`select que_payment_job_add(${sql.placeholder('intentId')}::text, ${sql.placeholder('offerId')}::int, ${sql.placeholder('runAt')}::timestamptz) as added`,
  z.object({ added: z.unknown() }),
);

export async function markActionDone(db: Db, id: number) {
  await db.execute(sql`update payment_actions set status = 'done', done_at = now(), last_error = null where id = ${id}`);
}

/** Records a failed try: `failed` when no try is left; `countAttempt` false gives the try back (a wait, not an error). */
export async function markActionFailed(db: Db, id: number, error: string, outcome: { giveUp: boolean; countAttempt: boolean }) {
  await db.execute(sql`
    update payment_actions
    set status = ${outcome.giveUp ? 'failed' : 'pending'},
        last_error = ${error.slice(0, 1000)},
        attempts = attempts - ${outcome.countAttempt ? 0 : 1}
    -- never reopens an action a job has finished meanwhile (a dead runner's job taken over)
    where id = ${id} and status = 'pending'`);
}
