import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** How long a key answers with its first response; older rows count as absent and are swept. */
export const KEY_RETENTION_SECONDS = 24 * 60 * 60;
/** A request running longer than this is taken for dead (its process stopped) and may be taken over. */
export const ABANDONED_AFTER_SECONDS = 60;

export interface KeyOwner {
  userId: number;
  key: string;
}

export interface KeyClaim extends KeyOwner {
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredKey {
  requestHash: string;
  status: 'running' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const retention = sql`make_interval(secs => ${KEY_RETENTION_SECONDS})`;

/**
 * Marks the key running for this request in one atomic statement and returns a claim token (the
 * row's updated_at, as text so no precision is lost), or null when another row holds the key. A
 * row past retention is overwritten, and so is a running row of the same request that has been
 * abandoned; concurrent claimers queue on the row, so only one of them takes it over. Every time
 * is the database's, so processes with skewed clocks agree.
 */
export async function claimKey(db: Db, c: KeyClaim): Promise<string | null> {
  const result = await db.execute(sql`
    insert into idempotency_keys as k (user_id, key, method, path, request_hash, status, created_at, updated_at)
    values (${c.userId}, ${c.key}, ${c.method}, ${c.path}, ${c.requestHash}, 'running', now(), now())
    on conflict (user_id, key) do update set
      method = excluded.method, path = excluded.path, request_hash = excluded.request_hash, status = 'running',
      response_status = null, response_body = null, created_at = now(), updated_at = now()
    where k.created_at <= now() - ${retention}
       or (k.status = 'running' and k.request_hash = excluded.request_hash
           and k.updated_at <= now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
    returning updated_at::text as claim`);
  return rowsOf<{ claim: string }>(result)[0]?.claim ?? null;
}

/** The key's row while it is within retention, or null. */
export async function findKey(db: Db, { userId, key }: KeyOwner): Promise<StoredKey | null> {
  const result = await db.execute(sql`
    select request_hash, status, response_status, response_body from idempotency_keys
    where user_id = ${userId} and key = ${key} and created_at > now() - ${retention}`);
  const row = rowsOf<{ request_hash: string; status: 'running' | 'done'; response_status: number | null; response_body: string | null }>(result)[0];
  if (!row) return null;
  return { requestHash: row.request_hash, status: row.status, responseStatus: row.response_status, responseBody: row.response_body };
}

/**
 * Stores the response of a claimed request. Matching the claim token means a request that was
 * taken over (it ran past ABANDONED_AFTER_SECONDS) cannot overwrite its successor's row.
 */
export async function storeResponse(db: Db, owner: KeyOwner, claim: string, status: number, body: string | null): Promise<boolean> {
  const result = await db.execute(sql`
    update idempotency_keys set status = 'done', response_status = ${status}, response_body = ${body}, updated_at = now()
    where user_id = ${owner.userId} and key = ${owner.key} and status = 'running' and updated_at = ${claim}::timestamptz
    returning 1 as stored`);
  return rowsOf(result).length > 0;
}

/** Forgets a claimed request that failed on the server's side, so the client may retry it. */
export async function releaseKey(db: Db, owner: KeyOwner, claim: string): Promise<void> {
  await db.execute(sql`
    delete from idempotency_keys
    where user_id = ${owner.userId} and key = ${owner.key} and status = 'running' and updated_at = ${claim}::timestamptz`);
}

/** Keeps the table bounded: a key past retention answers nothing. */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with swept as (delete from idempotency_keys where created_at <= now() - ${retention} returning 1)
    select count(*)::int as n from swept`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
