import type { User } from '../../../contract/auth.js';
import type { Notification } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import { publishLive } from '../live/publish.js';
import * as notificationsRepository from './notifications.repository.js';
import type { NewNotification, NotificationRow } from './notifications.repository.js';

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
});

/**
 * Stores a notification for a user in the caller's transaction and pushes it to their sockets once
 * that transaction commits. Other features call this; it never fails their change for a push.
 */
export async function notify(tx: Db, values: NewNotification): Promise<NotificationRow> {
  const row = await notificationsRepository.insertNotification(tx, values);
  await publishLive(tx, { type: 'notification', userIds: [values.userId], notificationId: row.id });
  return row;
}

export interface NotificationList {
  notifications: Notification[];
  unread: number;
}

/** The signed-in user's latest notifications, newest first, and how many of all theirs are unread. */
export async function listNotificationsFor(db: Db, user: User): Promise<NotificationList> {
  const rows = await notificationsRepository.listNotifications(db, user.id);
  return { notifications: rows.map(toNotification), unread: await notificationsRepository.countUnread(db, user.id) };
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
