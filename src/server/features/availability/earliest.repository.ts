import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { refreshEarliest, refreshEarliestOnce } from '../businesses/index.js';

// Each live service's earliest free start in the coming week is kept in earliest_free_starts and
// computed only by the slot rules' SQL (que_earliest_entry, que_earliest_start over que_day_slots).
// Rows a reader at "now" may not use as stored (new, changed since by a trigger-raised version,
// computed for a later "now", or whose first start has begun) are recomputed and saved by one
// database function, que_earliest_refresh, before they are read; this file reads one business's rows
// and runs that function ahead of readers (earliest-refresher.ts).

const p = (name: string) => sql.placeholder(name);

// Ahead of readers: the same recompute, for one process at a time. The lock is the transaction's, so
// a killed process cannot keep it. The recompute is a statement of its own after the lock, so its
// snapshot already holds what the previous holder saved: taken in one statement, the snapshot could
// predate a refresh that committed just before the lock was granted, and both would redo the same rows.
const refreshTurn = cachedSql('earliest_refresh_turn', sql`select pg_try_advisory_xact_lock(hashtext('que:earliest-refresh')) as mine`);

/**
 * Recomputes and saves up to a batch of rows that a reader at `now` could not use as stored; `more`
 * says rows are left. Another process refreshing at the same moment makes this one do nothing.
 */
export async function refreshStaleEarliest(db: Db, now: Date): Promise<{ saved: number; more: boolean }> {
  return unitOfWork(db, async (tx) => {
    const [turn] = ((await refreshTurn(tx, {})) as { rows: { mine: boolean }[] }).rows;
    if (!turn.mine) return { saved: 0, more: false };
    const { complete, saved } = await refreshEarliestOnce(tx, now.toISOString(), null);
    return { saved, more: !complete };
  });
}

/**
 * The change log's follower (decisions 0029, 0039, 0040), run in the change's follow statement: a
 * change that can free or take a slot raises its business's rows (que_earliest_follow), after the
 * change committed: the booking's own transaction writes no cache row (decision 15, since 2026-12-04).
 */
export const earliestFollowsChange = { sql: sql`(select null::jsonb from que_earliest_follow(c))` };

const selectBusinessItems = cachedSql(
  'earliest_business_items',
  sql`select coalesce(string_agg(s.item, ',' order by s.start_local, s.service_id), '') as items
        from earliest_free_starts s where s.business_id = ${p('businessId')}::int and s.item is not null`,
);

/**
 * One business's items, soonest first, as JSON text, after its rows are brought up to `now`. A change
 * committed between the two statements leaves its row as it was just before the change, as a reader
 * a moment earlier would have seen it.
 */
export async function businessEarliestJson(db: Db, businessId: number, now: Date): Promise<string> {
  await refreshEarliest(db, now.toISOString(), [businessId]);
  const [row] = ((await selectBusinessItems(db, { businessId })) as { rows: { items: string }[] }).rows;
  // the brackets are added here: in SQL each would copy the whole text once more
  return `[${row.items}]`;
}
