import type { QueueEntry } from '@contract/live';

export const isActive = (e: QueueEntry) => e.status === 'waiting' || e.status === 'called';

/** The dashboard's numbers (SPEC section 9): average wait is the mean of estimatedWaitMinutes, rounded. */
export function queueStats(entries: readonly QueueEntry[]) {
  const active = entries.filter(isActive);
  const finished = entries.filter((e) => !isActive(e));
  const waits = active.map((e) => e.estimatedWaitMinutes).filter((w): w is number => w !== null);
  const avgWait = waits.length ? Math.round(waits.reduce((s, w) => s + w, 0) / waits.length) : 0;
  return { active, recent: finished.slice(0, 5), activeCount: active.length, avgWait, completed: entries.filter((e) => e.status === 'served').length };
}

/** The progress bar (SPEC section 9): (total − position + 1) / total, as a whole percentage. */
export function queueProgress(position: number | null, total: number): number {
  if (position === null || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round(((total - position + 1) / total) * 100)));
}
