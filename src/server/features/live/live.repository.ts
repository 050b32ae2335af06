import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businesses, notifications, queueEntries, services } from '../../db/schema.js';
import type { NotificationRow } from '../notifications/notifications.repository.js';

/** One notification by id (the notifications repository lists by user; delivery needs one row). */
export async function findNotification(db: Db, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/**
 * One queue entry with what shaping it needs (owner, names, rank among the day's active entries).
 * Used only until features/queue exports loadQueueEntryFor; see queue-entry-loader.ts.
 */
export async function findQueueEntry(db: Db, id: number) {
  const [row] = await db
    .select({
      id: queueEntries.id,
      customerId: queueEntries.customerId,
      ownerId: businesses.ownerId,
      businessId: queueEntries.businessId,
      businessName: businesses.businessName,
      serviceId: queueEntries.serviceId,
      serviceName: services.name,
      appointmentId: queueEntries.appointmentId,
      startsAt: queueEntries.startsAt,
      status: queueEntries.status,
      position: sql<number | null>`case when ${queueEntries.status} in ('waiting', 'called') then (
        select count(*)::int + 1 from queue_entries ahead
        where ahead.business_id = ${queueEntries.businessId}
          and ahead.starts_at::date = ${queueEntries.startsAt}::date
          and ahead.status in ('waiting', 'called')
          and (ahead.starts_at, ahead.id) < (${queueEntries.startsAt}, ${queueEntries.id})
      ) end`,
    })
    .from(queueEntries)
    .innerJoin(businesses, eq(businesses.id, queueEntries.businessId))
    .innerJoin(services, eq(services.id, queueEntries.serviceId))
    .where(eq(queueEntries.id, id));
  return row;
}
