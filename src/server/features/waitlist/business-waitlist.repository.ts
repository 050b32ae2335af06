import { and, eq, sql } from 'drizzle-orm';
import type { BusinessWaitlistEntry } from '../../../contract/waitlist.js';
import type { Db } from '../../db/client.js';
import { oldestFirst, type PageKey } from '../../db/keyset.js';
import { appointments, businesses, services, staffMembers, users, waitlistEntries } from '../../db/schema.js';
import { entryColumns, entryFieldsOf } from './waitlist.repository.js';

// The owner's read of a business's waitlist for one day (DESIGN section 11).

const dayPages = oldestFirst(waitlistEntries.createdAt, waitlistEntries.id);

/**
 * One page of a business's entries on `date`, every status, oldest first (the order the waitlist
 * offers in), and one more if there is another: waitlist_entries_business_day_idx holds
 * (business, date, created_at, id), so a page reads only its own rows.
 */
export async function pageEntriesOfDay(db: Db, businessId: number, date: string, limit: number, after?: PageKey) {
  return db
    .select({
      ...entryColumns,
      // The name a hold is booked under (que_appointment_hold): the profile's, else the username.
      customerName: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
      staffName: staffMembers.name,
      keyTime: dayPages.keyTime,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.customerId))
    .innerJoin(businesses, eq(businesses.id, waitlistEntries.businessId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .leftJoin(staffMembers, eq(staffMembers.id, waitlistEntries.staffId))
    .leftJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
    .where(and(eq(waitlistEntries.businessId, businessId), eq(waitlistEntries.date, date), dayPages.after(after)))
    .orderBy(...dayPages.orderBy)
    .limit(limit + 1);
}

type DayEntryRow = Awaited<ReturnType<typeof pageEntriesOfDay>>[number];

export function toBusinessEntry(row: DayEntryRow): BusinessWaitlistEntry {
  const { status } = entryFieldsOf(row);
  return {
    id: row.id,
    customerName: row.customerName,
    ...entryFieldsOf(row),
    staffName: row.staffName,
    offer:
      status === 'offered' && row.appointmentId !== null && row.heldUntil && row.heldTime
        ? { appointmentId: row.appointmentId, time: row.heldTime, expiresAt: new Date(row.heldUntil).toISOString() }
        : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
