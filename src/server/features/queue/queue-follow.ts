import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import type { LiveEvent } from '../../live-events.js';

// The live queue as a follower of the change log (decision 0029, issue 28): a new booking joins its
// day's line in the booking's follow job (que_queue_follow_change), so the booking's own transaction
// writes no queue row and publishes no queue push.
const followChange = cachedSql('queue_follow_change', sql`select que_queue_follow_change(c) as events from changes c where c.id = ${sql.placeholder('changeId')}::bigint`);

/** Puts a booked appointment in its day's queue; returns the line's live events to publish after the follow job commits. */
export async function queueFollowsChange(db: Db, changeId: number): Promise<LiveEvent[]> {
  const result = (await followChange(db, { changeId })) as { rows: { events: LiveEvent[] }[] };
  return result.rows[0]?.events ?? [];
}
