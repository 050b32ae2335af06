import type { QueueEntry } from '@contract/live';

// How one pushed queue entry changes a cached queue list (applyLiveMessage). Here, not in
// features/queue: the queue's screens depend on live, never the other way round (decision 0017).

const byPosition = (a: QueueEntry, b: QueueEntry) => (a.queuePosition ?? Infinity) - (b.queuePosition ?? Infinity) || a.id - b.id;

/** A queue_update: the entry is inserted or replaces the one with its id; the list is re-sorted by position. */
export const upsertEntry = (list: readonly QueueEntry[], entry: QueueEntry): QueueEntry[] =>
  [...list.filter((e) => e.id !== entry.id), entry].sort(byPosition);

/** A queue_status_update: only the status of a matching entry changes; an unknown entry changes nothing. */
export const setEntryStatus = (list: readonly QueueEntry[], entry: QueueEntry): QueueEntry[] =>
  list.some((e) => e.id === entry.id) ? list.map((e) => (e.id === entry.id ? { ...e, status: entry.status } : e)) : (list as QueueEntry[]);
