import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type LiveEvent, publishLiveEvents } from '../../live-events.js';

// The owner's view of a day's waitlist follows it live: each change of an entry (joined, held,
// claimed, passed on, left) tells the business's owner which day changed, and their open screens
// refetch that day. Holds and lapses are told by the change log's follower (waitlist-follows-change);
// joins, claims and leaves here, once they have committed.

/** The live event telling a business's owner that its waitlist on `date` changed. */
export const waitlistChanged = (ownerId: number, businessId: number, date: string): LiveEvent => ({ type: 'waitlist_changed', userIds: [ownerId], businessId, date });

/** Tells the owner of the entry's business that the entry's day changed (best effort, as every live push). */
export async function tellOwnerOfEntry(db: Db, entryId: number): Promise<void> {
  const result = (await db.execute(sql`
    select b.owner_id as "ownerId", e.business_id as "businessId", e.date::text as "date"
      from waitlist_entries e join businesses b on b.id = e.business_id
     where e.id = ${entryId}`)) as unknown as { rows: { ownerId: number; businessId: number; date: string }[] };
  const row = result.rows[0];
  if (row) await publishLiveEvents(db, [waitlistChanged(row.ownerId, row.businessId, row.date)]);
}
