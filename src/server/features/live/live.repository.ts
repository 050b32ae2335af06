import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { NotificationRow } from '../notifications/notifications.repository.js';

/** One notification by id (the notifications repository lists by user; delivery needs one row). */
export async function findNotification(db: Db, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}
