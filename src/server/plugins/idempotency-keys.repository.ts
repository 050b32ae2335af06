import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { sqlFunction } from '../db/sql-function.js';

/** How long a key answers with its first response; older rows count as absent and are swept. */
export const KEY_RETENTION_SECONDS = 24 * 60 * 60;

export interface KeyOwner {
  userId: number;
  key: string;
}

/** A keyed request as its row records it. */
export interface KeyedRequest extends KeyOwner {
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredKey {
  requestHash: string;
  responseStatus: number;
  responseBody: string | null;
}

/** busy: another transaction holds the key right now. free: this transaction holds it and no answer is kept. */
export type Claim = { kind: 'busy' } | { kind: 'free' } | { kind: 'answered'; stored: StoredKey };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const retention = sql`make_interval(secs => ${KEY_RETENTION_SECONDS})`;

/**
 * Call first in the transaction that will do the request's work: takes the key's transaction lock
 * without waiting and reads its kept answer (que_idempotency_claim). The lock is
 * released by the commit or rollback, whichever ends the transaction; idleLimitMs > 0 also ends
 * the session of a transaction left idle that long.
 */
const callClaim = sqlFunction(
  'que_idempotency_claim',
  sql`select claimed, stored_hash, stored_status, stored_body
      from que_idempotency_claim(${sql.placeholder('userId')}::int, ${sql.placeholder('key')}::text, ${sql.placeholder('retention')}::int, ${sql.placeholder('idleLimitMs')}::int)`,
  z.object({ claimed: z.boolean(), stored_hash: z.string().nullable(), stored_status: z.number().int().nullable(), stored_body: z.string().nullable() }),
);

export async function claimKey(tx: Db, owner: KeyOwner, idleLimitMs: number): Promise<Claim> {
  const row = await callClaim(tx, { userId: owner.userId, key: owner.key, retention: KEY_RETENTION_SECONDS, idleLimitMs });
  if (!row.claimed) return { kind: 'busy' };
  if (row.stored_hash === null || row.stored_status === null) return { kind: 'free' };
  return { kind: 'answered', stored: { requestHash: row.stored_hash, responseStatus: row.stored_status, responseBody: row.stored_body } };
}

/**
 * Keeps the answer in the claiming transaction, so it commits with the work or not at all. A row
 * past retention is overwritten; a live one cannot exist while the claim holds the key, so false
 * (nothing written) means the caller must not commit.
 */
export async function keepAnswer(tx: Db, request: KeyedRequest, status: number, body: string | null): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into idempotency_keys as k (user_id, key, method, path, request_hash, response_status, response_body, created_at)
    values (${request.userId}, ${request.key}, ${request.method}, ${request.path}, ${request.requestHash}, ${status}, ${body}, now())
    on conflict (user_id, key) do update set
      method = excluded.method, path = excluded.path, request_hash = excluded.request_hash,
      response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at
    where k.created_at <= now() - ${retention}
    returning 1 as kept`);
  return rowsOf(result).length > 0;
}

/**
 * Keeps an answer given after the request's own transaction rolled back (a refusal), in one
 * statement of its own: only when the claim finds the key free and unanswered (another request
 * holding it, or an answer kept meanwhile, has the say). Were an answer committed between the
 * claim's read and this insert, the conflict check, which sees it, leaves it alone.
 */
export async function keepAnswerAlone(db: Db, request: KeyedRequest, status: number, body: string | null): Promise<void> {
  await db.execute(sql`
    insert into idempotency_keys as k (user_id, key, method, path, request_hash, response_status, response_body, created_at)
    select ${request.userId}, ${request.key}, ${request.method}, ${request.path}, ${request.requestHash}, ${status}, ${body}, now()
    from que_idempotency_claim(${request.userId}, ${request.key}, ${KEY_RETENTION_SECONDS}, 0) c
    where c.claimed and c.stored_hash is null
    on conflict (user_id, key) do update set
      method = excluded.method, path = excluded.path, request_hash = excluded.request_hash,
      response_status = excluded.response_status, response_body = excluded.response_body, created_at = excluded.created_at
    where k.created_at <= now() - ${retention}`);
}

/** Keeps the table bounded: a key past retention answers nothing. */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with swept as (delete from idempotency_keys where created_at <= now() - ${retention} returning 1)
    select count(*)::int as n from swept`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
