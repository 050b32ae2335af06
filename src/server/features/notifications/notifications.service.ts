import type { Notification } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
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
