import type { User } from '../../../contract/auth.js';
import type { Notification } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
import { cutPage, type PageKey } from '../../db/keyset.js';
import { forbidden, notFound } from '../../errors.js';
import { publishLive } from '../../live-events.js';
import type { PageQuery } from '../../plugins/paging.js';
import * as notificationsRepository from './notifications.repository.js';
import type { NewNotification, NotificationRow, StoredNotification } from './notifications.repository.js';

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link ?? null,
  appointmentId: row.appointmentId ?? null,
  offerId: row.offerId ?? null,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
  timeZone: row.timeZone,
});

/**
 * Stores a notification for a user in the caller's transaction and pushes it to their sockets once
 * that transaction commits. Other features call this; it never fails their change for a push.
 */
export async function notify(tx: Db, values: NewNotification): Promise<StoredNotification> {
  const row = await notificationsRepository.insertNotification(tx, values);
  await publishLive(tx, { type: 'notification', userIds: [values.userId], notificationId: row.id });
  return row;
}

export interface NotificationList {
  notifications: Notification[];
  unread: number;
}

/**
 * A page of the signed-in user's notifications, newest first, and how many of all theirs are unread:
 * counted apart (notifications_unread_idx), never from the page, so the bell is right on any page.
 */
export async function listNotificationsFor(db: Db, user: User, q: PageQuery): Promise<NotificationList & { next: PageKey | null }> {
  const rows = await notificationsRepository.pageNotifications(db, user.id, q.limit, q.cursor);
  const page = cutPage(rows, q.limit, (n) => ({ at: n.keyTime, id: n.id }));
  return { notifications: page.items.map(toNotification), unread: await notificationsRepository.countUnread(db, user.id), next: page.next };
}

/** Marks one of the user's notifications read; someone else's is refused (403), an unknown id is 404. */
export async function markNotificationRead(db: Db, user: User, id: number): Promise<Notification> {
  const row = await notificationsRepository.findNotification(db, id);
  if (!row) throw notFound('Notification');
  if (row.userId !== user.id) throw forbidden('That notification is not yours');
  await notificationsRepository.markRead(db, user.id, id);
  return toNotification((await notificationsRepository.findNotification(db, id))!);
}

export async function markAllNotificationsRead(db: Db, user: User): Promise<{ updated: number; unread: number }> {
  const updated = await notificationsRepository.markRead(db, user.id);
  return { updated, unread: await notificationsRepository.countUnread(db, user.id) };
}
