import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;

export async function insertNotification(db: Db, values: NewNotification): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

export async function listNotifications(db: Db, userId: number, limit = 50): Promise<NotificationRow[]> {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
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
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface OfferContext {
  fromName: string;
  toName: string;
  businessName: string;
  /** The recipient's appointment (the slot the payer wants), local wall-clock. */
  targetDate: string;
  targetTime: string;
}

/** Who and what an offer is about, for its notifications' wording. */
export async function offerContext(db: Db, offerId: number): Promise<OfferContext> {
  const result = await db.execute(sql`
    select fu.username as from_name, tu.username as to_name, b.business_name,
           to_char(a.starts_at, 'YYYY-MM-DD') as target_date, to_char(a.starts_at, 'HH24:MI') as target_time
    from offers o
    join users fu on fu.id = o.from_user_id
    join users tu on tu.id = o.to_user_id
    join appointments a on a.id = o.to_appointment_id
    join businesses b on b.id = a.business_id
    where o.id = ${offerId}`);
  const [r] = rowsOf<Record<string, string>>(result);
  return { fromName: r.from_name, toName: r.to_name, businessName: r.business_name, targetDate: r.target_date, targetTime: r.target_time };
}
