import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { databaseMessageOf } from '../../db/sql-state.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One row of the change log (decision 0029), as a follower reads it. */
export interface Change {
  id: number;
  kind: string;
  appointmentId: number | null;
  offerId: number | null;
  businessId: number | null;
  actorId: number | null;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** A change taken by its shard's follow job (decision 0039), with whose changes keep their order. */
export interface DueChange extends Change {
  subject: string;
}

interface ChangeRow {
  id: number | string;
  kind: string;
  appointment_id: number | null;
  offer_id: number | null;
  business_id: number | null;
  actor_id: number | null;
  occurred_at: string;
  data: Record<string, unknown>;
  subject: string;
}

const p = (name: string) => sql.placeholder(name);
// Prepared (parsed and planned once per connection): every follow job runs them.
const selectDue = cachedSql('changes_due', sql`select que_due_changes(${p('shard')}::int, ${p('limit')}::int) as rows`);
const followNext = cachedSql('changes_follow_next', sql`select que_follow_changes_next(${p('shard')}::int) as next`);

/**
 * Up to `limit` due changes of the shard, oldest first (que_due_changes): a change whose follower
 * failed is not due until its retry, nor are the changes of its subject after it. A read: each is
 * then taken in its own follow statement (que_follow_change_take, follow-changes.ts).
 */
export async function dueChanges(db: Db, shard: number, limit: number): Promise<DueChange[]> {
  const rows = rowsOf<{ rows: ChangeRow[] | null }>(await selectDue(db, { shard, limit }))[0]?.rows ?? [];
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    appointmentId: row.appointment_id,
    offerId: row.offer_id,
    businessId: row.business_id,
    actorId: row.actor_id,
    occurredAt: row.occurred_at,
    data: row.data,
    subject: row.subject,
  }));
}

/** A change whose follower failed: due again after a backoff (que_change_follow_failed); its subject's later changes wait behind it. */
export async function markFollowFailed(db: Db, changeId: number, error: unknown): Promise<void> {
  // The database's own message where there is one (drizzle's error names only the failed query).
  const message = databaseMessageOf(error) ?? (error instanceof Error ? error.message : String(error));
  await db.execute(sql`select que_change_follow_failed(${changeId}::bigint, ${message}::text)`);
}

/** After a follow transaction committed: the shard's job again when it has changes left (que_follow_changes_next). */
export async function scheduleNextFollow(db: Db, shard: number): Promise<void> {
  await followNext(db, { shard });
}

/** The shard of a change still to follow (a follow_change job made before decision 0039), else null. */
export async function shardOfChange(db: Db, changeId: number): Promise<number | null> {
  const [row] = rowsOf<{ shard: number | null }>(await db.execute(sql`select que_change_shard(${changeId}::bigint) as shard`));
  return row?.shard ?? null;
}

/** Deletes the followed changes that occurred before `before`, with their marks (que_changes_purge); an unfollowed change stays. Returns how many went. */
export async function purgeFollowedChanges(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`select que_changes_purge(${before.toISOString()}::timestamptz) as purged`);
  return Number(rowsOf<{ purged: number }>(result)[0]?.purged ?? 0);
}
