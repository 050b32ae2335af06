import type { User } from '../../../contract/auth.js';
import type { QueueEntry, ServerMessage } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
import { countUnread } from '../notifications/notifications.repository.js';
import { toNotification } from '../notifications/notifications.service.js';
import { encodeMessage, type LiveConnection } from './live-connection.js';
import { findNotification } from './live.repository.js';
import type { LiveRegistry } from './live-registry.js';
import type { LiveEvent } from './publish.js';
import { loadQueueEntryFor } from '../queue/queue.service.js';

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function parseEvent(payload: string): LiveEvent | null {
  try {
    const event = JSON.parse(payload) as LiveEvent;
    if (!event || !Array.isArray(event.userIds) || !event.userIds.every(isId)) return null;
    return event;
  } catch {
    return null;
  }
}

async function deliverNotification(db: Db, registry: LiveRegistry, event: LiveEvent) {
  if (!isId(event.notificationId)) return;
  // Most processes hold none of this user's sockets: they skip the database entirely.
  if (!event.userIds.some((id) => registry.connectionsOf(id).size > 0)) return;
  const row = await findNotification(db, event.notificationId);
  // Only ever to the notification's own user, whatever the event lists.
  if (!row || !event.userIds.includes(row.userId)) return;
  const recipients = registry.connectionsOf(row.userId);
  if (recipients.size === 0) return;
  const message: ServerMessage = { type: 'notification', notification: toNotification(row), unread: await countUnread(db, row.userId) };
  const data = encodeMessage(message);
  for (const connection of recipients) connection.sendRaw(data);
}

/** Who gets a queue event, grouped by how the entry is shaped for them: per listed user, or public. */
function queueRecipients(registry: LiveRegistry, event: LiveEvent) {
  const groups = new Map<number | 'public', { viewer: User | null; connections: LiveConnection[] }>();
  const add = (connection: LiveConnection) => {
    const personal = connection.user !== null && event.userIds.includes(connection.user.id);
    const key = personal ? connection.user!.id : 'public';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { viewer: personal ? connection.user : null, connections: [] }));
    group.connections.push(connection);
  };
  const seen = new Set<LiveConnection>();
  if (isId(event.businessId) && typeof event.date === 'string') {
    for (const connection of registry.subscribersOf(event.businessId, event.date)) seen.add(connection);
  }
  for (const userId of event.userIds) {
    for (const connection of registry.connectionsOf(userId)) if (connection.customer) seen.add(connection);
  }
  for (const connection of seen) add(connection);
  return groups;
}

/** Whatever the loader returns, a public view carries nobody's identity. */
const stripPersonal = (entry: QueueEntry): QueueEntry => ({ ...entry, customerId: null, isMine: false });

async function deliverQueueEvent(db: Db, registry: LiveRegistry, event: LiveEvent & { type: 'queue_update' | 'queue_status_update' }) {
  if (!isId(event.queueEntryId)) return;
  const groups = queueRecipients(registry, event);
  // One load per recipient class (public, and each listed user present here), never per socket.
  for (const { viewer, connections } of groups.values()) {
    const entry = await loadQueueEntryFor(db, event.queueEntryId, viewer);
    if (!entry) continue;
    const data = encodeMessage({ type: event.type, queueEntry: viewer ? entry : stripPersonal(entry) });
    for (const connection of connections) connection.sendRaw(data);
  }
}

/**
 * Turns NOTIFY payloads into socket messages. Events are handled one at a time, in commit order, so
 * a later change to an entry is never overtaken by an earlier one; a failure loses one event only.
 */
export function createLiveDispatcher(db: Db, registry: LiveRegistry, onError: (error: unknown) => void) {
  let chain = Promise.resolve();
  return (payload: string): Promise<void> => {
    const event = parseEvent(payload);
    if (!event) return chain;
    chain = chain
      .then(() => {
        if (registry.all.size === 0) return;
        if (event.type === 'notification') return deliverNotification(db, registry, event);
        if (event.type === 'queue_update' || event.type === 'queue_status_update') return deliverQueueEvent(db, registry, { ...event, type: event.type });
      })
      .catch(onError);
    return chain;
  };
}
