import type { Query, QueryClient } from '@tanstack/react-query';
import type { Notification, QueueEntry, ServerMessage } from '@contract/live';
import { setEntryStatus, upsertEntry } from '../queue/lib/queue-list';
import { queryKeys, type SlotQueueQuery } from '../../lib/query-keys';

export interface NotificationsData {
  notifications: Notification[];
  unread: number;
}

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
    queryClient.setQueryData<NotificationsData>(queryKeys.notifications(), (old) => ({
      notifications: [message.notification, ...(old?.notifications ?? []).filter((n) => n.id !== message.notification.id)],
      unread: message.unread,
    }));
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
