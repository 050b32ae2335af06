import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Which days a business's new capacity is on: listed dates, a date range (inclusive), weekdays
 * (0 Sunday … 6 Saturday), or, with none of these, every day (a new staff member).
 */
export interface CapacityScope {
  source: 'unblocked_day' | 'business_hours' | 'staff_added' | 'staff_changed' | 'staff_hours' | 'time_off_removed';
  dates?: string[];
  from?: string;
  to?: string;
  weekdays?: number[];
  staffId?: number;
}

/**
 * Records that a business can take more visits than before (DESIGN section 11: an unblocked day, new
 * or wider hours, a staff member added, time off removed), as the business-level change
 * `capacity_opened`, through the change log's one writer (que_record_change), on `tx`: the owner's
 * transaction, so the change and its follow job commit with what it records. The waitlist follows it.
 */
export async function recordCapacityOpened(tx: Db, businessId: number, actorId: number | null, scope: CapacityScope): Promise<void> {
  await tx.execute(sql`select que_record_change('capacity_opened', null, null, ${businessId}::int, ${actorId}::int, ${JSON.stringify(scope)}::jsonb)`);
}
