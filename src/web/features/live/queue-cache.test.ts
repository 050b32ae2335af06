import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '@contract/live';
import { setEntryStatus, upsertEntry } from './queue-cache';

const entry = (id: number, queuePosition: number | null, patch: Partial<QueueEntry> = {}): QueueEntry => ({
  id, customerId: null, businessId: 1, businessName: 'B', serviceId: 2, serviceName: 'S', appointmentId: id, date: '2030-01-02', time: '10:00',
  queuePosition, status: 'waiting', estimatedWaitMinutes: 10, isMine: false, customerName: null, timeZone: 'America/New_York', staffId: null, staffName: null, staffCount: 1, ...patch,
});

describe('queue cache', () => {
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
});
