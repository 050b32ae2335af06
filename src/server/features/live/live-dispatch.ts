import type { User } from '../../../contract/auth.js';
import type { ServerMessage } from '../../../contract/live.js';
import type { Db } from '../../db/client.js';
import type { LiveEvent, QueueLineChange } from '../../live-events.js';
import { countUnread, findNotification, toNotification } from '../notifications/index.js';
import { entriesMovedBy, loadEntryAndDayLine, mayReadPersonal, type RankedEntryRow, toQueueEntry } from '../queue/index.js';
import { type EncodedMessage, encodeMessage, type LiveConnection } from './live-connection.js';
import type { LiveRegistry } from './live-registry.js';

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

/**
 * An offer changed: both of its customers' sockets are told which offer, and nothing else (their tabs
 * refetch what they may read). No query: the event names the offer's two customers.
 */
function deliverOfferChange(registry: LiveRegistry, event: LiveEvent) {
  if (!isId(event.offerId)) return;
  const data = encodeMessage({ type: 'offer_changed', offerId: event.offerId });
  for (const userId of new Set(event.userIds)) for (const connection of registry.connectionsOf(userId)) connection.sendRaw(data);
}

/** A business's waitlist on a day changed: its owner's sockets are told which (no query: the event names the owner). */
function deliverWaitlistChange(registry: LiveRegistry, event: LiveEvent) {
  if (!isId(event.businessId) || typeof event.date !== 'string') return;
  const data = encodeMessage({ type: 'waitlist_changed', businessId: event.businessId, date: event.date });
  for (const userId of new Set(event.userIds)) for (const connection of registry.connectionsOf(userId)) connection.sendRaw(data);
}

/** One entry's recipients: the business-day's subscribers and the "my entries" sockets of those who may read it in full. */
function recipientsOf(registry: LiveRegistry, daySubscribers: ReadonlySet<LiveConnection>, row: RankedEntryRow): Set<LiveConnection> {
  const recipients = new Set(daySubscribers);
  for (const userId of [row.customerId, row.ownerId]) {
    for (const connection of registry.connectionsOf(userId)) if (connection.customer) recipients.add(connection);
  }
  return recipients;
}

/**
 * Sends one entry, serialized once per viewer class, never per socket: once for the public
 * (customerId null, isMine false) and once for each person here who may read it in full.
 */
function pushEntry(type: 'queue_update' | 'queue_status_update', row: RankedEntryRow, recipients: Iterable<LiveConnection>, now: Date) {
  const encoded = new Map<number | 'public', EncodedMessage>();
  for (const connection of recipients) {
    const viewer: User | null = connection.user && mayReadPersonal(row, connection.user) ? connection.user : null;
    const key = viewer ? viewer.id : 'public';
    let data = encoded.get(key);
    if (!data) encoded.set(key, (data = encodeMessage({ type, queueEntry: toQueueEntry(row, viewer, now) })));
    connection.sendRaw(data);
  }
}

const isLine = (line: unknown): line is QueueLineChange =>
  typeof line === 'object' && line !== null && [(line as QueueLineChange).from, (line as QueueLineChange).to].every((t) => t === null || typeof t === 'string');

const followsOwnEntries = (registry: LiveRegistry, userIds: number[]) => userIds.some((id) => [...registry.connectionsOf(id)].some((c) => c.customer));
const anyFollowsOwnEntries = (registry: LiveRegistry) => [...registry.all].some((c) => c.customer);

/**
 * A queue event: the changed entry goes to the business-day's subscribers and to its customer's and
 * owner's "my entries" sockets; when the change moved others in that day's line (`line`), each of
 * them goes likewise as a queue_update (DESIGN section 7: everyone whose place changed is told,
 * each only what they may read). One statement loads the entry and the day's line; a process with
 * no recipient does no query.
 */
async function deliverQueueEvent(db: Db, registry: LiveRegistry, event: LiveEvent & { type: 'queue_update' | 'queue_status_update' }) {
  if (!isId(event.queueEntryId)) return;
  const day = isId(event.businessId) && typeof event.date === 'string' ? { businessId: event.businessId, date: event.date } : null;
  const daySubscribers = day ? registry.subscribersOf(day.businessId, day.date) : new Set<LiveConnection>();
  const line = isLine(event.line) && day ? event.line : null;
  const othersMayHear = line !== null && anyFollowsOwnEntries(registry);
  if (daySubscribers.size === 0 && !followsOwnEntries(registry, event.userIds) && !othersMayHear) return;
  const { entry, dayLine } = await loadEntryAndDayLine(db, event.queueEntryId, line ? day : null);
  const now = new Date();
  if (entry) pushEntry(event.type, entry, recipientsOf(registry, daySubscribers, entry), now);
  if (!line) return;
  for (const row of entriesMovedBy(dayLine, event.queueEntryId, line, entry, day?.date ?? null)) pushEntry('queue_update', row, recipientsOf(registry, daySubscribers, row), now);
}

/** Closes the sockets opened with a session that ended, or with any session of its user when all ended. */
function closeEndedSession(registry: LiveRegistry, event: LiveEvent) {
  const sessionHash = typeof event.sessionHash === 'string' ? event.sessionHash : null;
  for (const userId of event.userIds) {
    for (const connection of [...registry.connectionsOf(userId)]) {
      if (sessionHash === null || connection.sessionHash === sessionHash) connection.closeForEndedSession();
    }
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
        if (event.type === 'session_ended') return closeEndedSession(registry, event);
        if (event.type === 'notification') return deliverNotification(db, registry, event);
        if (event.type === 'offer_changed') return deliverOfferChange(registry, event);
        if (event.type === 'waitlist_changed') return deliverWaitlistChange(registry, event);
        if (event.type === 'queue_update' || event.type === 'queue_status_update') return deliverQueueEvent(db, registry, { ...event, type: event.type });
      })
      .catch(onError);
    return chain;
  };
}
