import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '@contract/live';
import { queueProgress, queueStats, setEntryStatus, upsertEntry } from './queue-list';

const entry = (id: number, queuePosition: number | null, patch: Partial<QueueEntry> = {}): QueueEntry => ({
  id, customerId: null, businessId: 1, businessName: 'B', serviceId: 2, serviceName: 'S', appointmentId: id, date: '2030-01-02', time: '10:00',
  queuePosition, status: 'waiting', estimatedWaitMinutes: 10, isMine: false, ...patch,
});

describe('queue list', () => {
  it('queue_update inserts or replaces and re-sorts by position', () => {
    const list = [entry(1, 1), entry(2, 2)];
    expect(upsertEntry(list, entry(3, 1)).map((e) => e.id)).toEqual([1, 3, 2]);
    expect(upsertEntry(list, entry(1, 3)).map((e) => [e.id, e.queuePosition])).toEqual([[2, 2], [1, 3]]);
  });

  it('queue_status_update changes only the status of a matching entry', () => {
    const list = [entry(1, 1), entry(2, 2)];
    const next = setEntryStatus(list, entry(2, 9, { status: 'called', serviceName: 'other' }));
    expect(next[1]).toEqual({ ...list[1], status: 'called' });
    expect(setEntryStatus(list, entry(5, 1, { status: 'called' }))).toBe(list);
  });

  it('counts, rounded average wait, at most 5 recent finished entries', () => {
    const list = [entry(1, 1, { estimatedWaitMinutes: 5 }), entry(2, 2, { status: 'called', estimatedWaitMinutes: 10 }),
      ...[3, 4, 5, 6, 7, 8].map((id) => entry(id, null, { status: id % 2 ? 'served' : 'cancelled' }))];
    const s = queueStats(list);
    expect([s.activeCount, s.avgWait, s.completed, s.recent.length]).toEqual([2, 8, 3, 5]);
  });

  it('progress is (total - position + 1) / total', () => {
    expect(queueProgress(1, 4)).toBe(100);
    expect(queueProgress(4, 4)).toBe(25);
    expect(queueProgress(null, 4)).toBe(0);
  });
});
