import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';

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

interface ChangeRow {
  id: number | string;
  kind: string;
  appointment_id: number | null;
  offer_id: number | null;
  business_id: number | null;
  actor_id: number | null;
  occurred_at: string;
  data: Record<string, unknown>;
}

/**
 * Marks a change followed (que_follow_change), on `db`, with every earlier change of its subject that
 * is not followed yet: those rows, oldest first; empty when all were followed already (a job run
 * again, or an earlier job's retry after a later job followed its change) or purged.
 */
// Prepared (parsed and planned once per connection): every follow job runs it first.
const followChange = cachedSql('changes_follow_change', sql`select que_follow_change(${sql.placeholder('changeId')}::bigint) as rows`);

export async function markChangesFollowed(db: Db, changeId: number): Promise<Change[]> {
  const rows = rowsOf<{ rows: ChangeRow[] | null }>(await followChange(db, { changeId }))[0]?.rows ?? [];
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    appointmentId: row.appointment_id,
    offerId: row.offer_id,
    businessId: row.business_id,
    actorId: row.actor_id,
    occurredAt: row.occurred_at,
    data: row.data,
  }));
}

/** Deletes the followed changes that occurred before `before`, with their marks (que_changes_purge); an unfollowed change stays. Returns how many went. */
export async function purgeFollowedChanges(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`select que_changes_purge(${before.toISOString()}::timestamptz) as purged`);
  return Number(rowsOf<{ purged: number }>(result)[0]?.purged ?? 0);
}
