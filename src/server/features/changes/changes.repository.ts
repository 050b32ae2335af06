import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { LiveEvent } from '../../live-events.js';

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
 * Marks a change followed and runs its SQL followers (que_follow_change), on `db`: null when it
 * was followed already (a job run again) or purged.
 */
export async function followChangeInSql(db: Db, changeId: number): Promise<{ change: Change; events: LiveEvent[] } | null> {
  const result = await db.execute(sql`select que_follow_change(${changeId}::bigint) as followed`);
  const followed = rowsOf<{ followed: { change: ChangeRow; events: LiveEvent[] } | null }>(result)[0]?.followed;
  if (!followed) return null;
  const row = followed.change;
  return {
    change: {
      id: Number(row.id),
      kind: row.kind,
      appointmentId: row.appointment_id,
      offerId: row.offer_id,
      businessId: row.business_id,
      actorId: row.actor_id,
      occurredAt: row.occurred_at,
      data: row.data,
    },
    events: followed.events,
  };
}
