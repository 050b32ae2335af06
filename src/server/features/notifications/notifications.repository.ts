import { and, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newestFirst, type PageKey } from '../../db/keyset.js';
import { notifications } from '../../db/schema.js';

export type StoredNotification = typeof notifications.$inferSelect;
/** A notification as read, with the time zone of the business it is about. */
export type NotificationRow = StoredNotification & { timeZone: string | null };
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;

/**
 * The zone of the business a notification is about: its appointment's, else its offer's (the
 * recipient's appointment, at the same business as the sender's). A screen shows the notification's
 * time on that clock, as it shows the visit it names.
 */
const businessTimeZone = sql<string | null>`(
  select b.time_zone from appointments a join businesses b on b.id = a.business_id
   where a.id = coalesce(${notifications.appointmentId}, (select o.to_appointment_id from offers o where o.id = ${notifications.offerId})))`;
const readColumns = { ...getTableColumns(notifications), timeZone: businessTimeZone };

/** The change log's follower (decisions 0029, 0040), run in the change's follow statement: the in-app notices a change gives (que_change_notices), their live events. */
export const changeNotices = { sql: sql`que_change_notices(c)` };

export async function insertNotification(db: Db, values: NewNotification): Promise<StoredNotification> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

const notificationPages = newestFirst(notifications.createdAt, notifications.id);

/** One page of the user's notifications, newest first, and one more if there is another (notifications_user_idx). */
export async function pageNotifications(db: Db, userId: number, limit: number, after?: PageKey): Promise<(NotificationRow & { keyTime: string })[]> {
  return db
    .select({ ...readColumns, keyTime: notificationPages.keyTime })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), notificationPages.after(after)))
    .orderBy(...notificationPages.orderBy)
    .limit(limit + 1);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks one (or, without an id, every) unread notification of the user read; returns how many changed. */
export async function markRead(db: Db, userId: number, id?: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), id === undefined ? undefined : eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findNotification(db: Db, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db.select(readColumns).from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}


