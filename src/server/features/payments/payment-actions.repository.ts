import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

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
  amountCents: number;
  attempts: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Takes up to `limit` due actions for this worker in one statement: SKIP LOCKED passes over rows
 * another worker is taking, and moving run_after past the lease hides them from everyone until
 * then. A worker that dies mid-call leaves its actions to be retried once the lease ends (the
 * idempotency key makes the repeat harmless). attempts counts tries, crashed ones included. An
 * action waits while an earlier one on the same payment intent or offer is still pending.
 */
export async function leaseDueActions(db: Db, limit: number, leaseSeconds: number): Promise<DueAction[]> {
  const result = await db.execute(sql`
    update payment_actions a
    set attempts = a.attempts + 1, run_after = now() + make_interval(secs => ${leaseSeconds})
    where a.id in (
      select id from payment_actions d
      where status = 'pending' and run_after <= now()
        -- in order per payment and per offer: a refund or payout never overtakes the capture it
        -- depends on (leased by a worker that died, or waiting for its retry); failed ones do not block
        and not exists (
          select 1 from payment_actions e
          left join payment_intents i on i.id = e.payment_intent_id
          where e.id < d.id and e.status = 'pending'
            and (e.payment_intent_id = d.payment_intent_id or e.offer_id = d.offer_id or i.offer_id = d.offer_id)
        )
      order by run_after, id
      limit ${limit}
      for update skip locked
    )
    returning a.id, a.kind, a.payment_intent_id, a.offer_id, a.user_id, a.amount_cents, a.attempts`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    kind: r.kind as ActionKind,
    paymentIntentId: (r.payment_intent_id as string | null) ?? null,
    offerId: r.offer_id === null ? null : Number(r.offer_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    amountCents: Number(r.amount_cents),
    attempts: Number(r.attempts),
  }));
}

export async function markActionDone(db: Db, id: number) {
  await db.execute(sql`update payment_actions set status = 'done', done_at = now(), last_error = null where id = ${id}`);
}

/** Tries again after `delaySeconds`, or gives up (`failed`) when no try is left. */
export async function markActionFailed(db: Db, id: number, error: string, retry: { delaySeconds: number; giveUp: boolean; countAttempt: boolean }) {
  await db.execute(sql`
    update payment_actions
    set status = ${retry.giveUp ? 'failed' : 'pending'},
        last_error = ${error.slice(0, 1000)},
        attempts = attempts - ${retry.countAttempt ? 0 : 1},
        run_after = now() + make_interval(secs => ${retry.delaySeconds})
    -- never reopens an action another worker has finished meanwhile
    where id = ${id} and status = 'pending'`);
}
