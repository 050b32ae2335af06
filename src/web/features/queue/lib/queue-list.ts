import type { QueueEntry } from '@contract/live';
import { wallClockAt } from '../../../lib/business-time';

export const isActive = (e: QueueEntry) => e.status === 'waiting' || e.status === 'called';

/**
 * The dashboard's numbers (SPEC section 9): average wait is the mean of estimatedWaitMinutes, rounded,
 * of today's active entries only (each on its business's clock): the time until a booking days ahead
 * is not a wait in a queue (issue 27: "Avg Wait 8 h 19 min"). Null when nobody is in a line today.
 */
export function queueStats(entries: readonly QueueEntry[], now: number = Date.now()) {
  const active = entries.filter(isActive);
  const finished = entries.filter((e) => !isActive(e));
  const waits = active
    .filter((e) => e.date === wallClockAt(now, e.timeZone).date)
    .map((e) => e.estimatedWaitMinutes)
    .filter((w): w is number => w !== null);
  const avgWait = waits.length ? Math.round(waits.reduce((s, w) => s + w, 0) / waits.length) : null;
  return { active, recent: finished.slice(0, 5), activeCount: active.length, avgWait, completed: entries.filter((e) => e.status === 'served').length };
}

/** The progress bar (SPEC section 9): (total − position + 1) / total, as a whole percentage. */
export function queueProgress(position: number | null, total: number): number {
  if (position === null || total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round(((total - position + 1) / total) * 100)));
}
