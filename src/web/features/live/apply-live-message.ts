import type { Query, QueryClient } from '@tanstack/react-query';
import type { Notification, QueueEntry, ServerMessage } from '@contract/live';
import { mapPages, type PagedData } from '../../lib/paged-query';
import { invalidateKeys, queryKeys, type SlotQueueQuery, staleAfterOfferChange } from '../../lib/query-keys';
import { setEntryStatus, upsertEntry } from './queue-cache';

/** One page of GET /api/notifications: some of the user's notifications, and how many of all of them are unread. */
export interface NotificationsData {
  notifications: Notification[];
  unread: number;
}

/** The bell's cache: every page loaded, newest first; every update writes the unread count to each page. */
export type NotificationPages = PagedData<NotificationsData>;

/** Which cached queue list an entry belongs in, judged from the list's key. */
function belongsIn(query: Query, entry: QueueEntry): boolean {
  const [, kind, a] = query.queryKey as [string, string, unknown];
  if (kind === 'slot') {
    const slot = a as SlotQueueQuery;
    return slot.businessId === entry.businessId && slot.serviceId === entry.serviceId && slot.date === entry.date;
  }
  if (kind === 'customer') return entry.isMine;
  if (kind === 'business') return a === entry.businessId;
  return false;
}

/**
 * Applies one pushed message to the query caches. A paused list (on screen, but with no enabled
 * observer) is left alone. Other entries' positions and waits shift too, so queue lists are then
 * marked stale and refetched (a paused one only when it resumes).
 */
export function applyLiveMessage(queryClient: QueryClient, message: ServerMessage) {
  if (message.type === 'notification') {
    // On top of the first page: the next page's cursor is the first page's last row, so nothing shifts.
    // Not loaded yet (the bell's first fetch may be on its way): fetched again, so it cannot miss this one.
    const { notification, unread } = message;
    // A waitlist notice (a time held for you, or passed on): the waitlist and appointments refetch.
    if (notification.kind.startsWith('waitlist_')) void invalidateKeys(queryClient, [queryKeys.myWaitlist(), ...staleAfterOfferChange()]);
    if (!queryClient.getQueryData(queryKeys.notifications())) return void queryClient.invalidateQueries({ queryKey: queryKeys.notifications() });
    queryClient.setQueryData<NotificationPages>(queryKeys.notifications(), (old) =>
      old && mapPages(old, (page, index) => ({
        notifications: [...(index === 0 ? [notification] : []), ...page.notifications.filter((n) => n.id !== notification.id)],
        unread,
      })),
    );
    return;
  }
  if (message.type === 'waitlist_changed') {
    // Someone joined, was held a time, claimed it, let it pass or left: the owner's view of that day refetches.
    void queryClient.invalidateQueries({ queryKey: queryKeys.businessWaitlist(message.businessId, message.date) });
    return;
  }
  if (message.type === 'offer_changed') {
    // Made, countered, answered, ended or settled, on any tab or by anyone: every open screen of both
    // customers refetches the offers, the appointments it moved, the wallet and the credit.
    void invalidateKeys(queryClient, staleAfterOfferChange());
    return;
  }
  if (message.type !== 'queue_update' && message.type !== 'queue_status_update') return;
  const entry = message.queueEntry;
  const apply = message.type === 'queue_update' ? upsertEntry : setEntryStatus;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.allQueues() })) {
    const paused = query.getObserversCount() > 0 && !query.isActive();
    if (paused || !belongsIn(query, entry) || !Array.isArray(query.state.data)) continue;
    // A slot list holds active entries only.
    const slot = query.queryKey[1] === 'slot';
    queryClient.setQueryData<QueueEntry[]>(query.queryKey, (old) => {
      const next = apply(old ?? [], entry);
      return slot ? next.filter((e) => e.status === 'waiting' || e.status === 'called') : next;
    });
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.allQueues() });
}

/**
 * The socket just opened (first time or after a reconnect): whatever was read before the server
 * could reach this tab may have missed an event, so every live-fed list read before `openedAt`, or
 * still on its way, is marked stale (those on screen refetch). Lists read after it are current.
 */
export function refetchWhatTheGapMissed(queryClient: QueryClient, openedAt: number) {
  const missed = (query: Query) => query.state.fetchStatus === 'fetching' || (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt);
  for (const queryKey of [...staleAfterOfferChange(), queryKeys.notifications()]) void queryClient.invalidateQueries({ queryKey, predicate: missed });
}
