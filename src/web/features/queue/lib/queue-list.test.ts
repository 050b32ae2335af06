import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '@contract/live';
import { queueProgress, queueStats } from './queue-list';

const entry = (id: number, queuePosition: number | null, patch: Partial<QueueEntry> = {}): QueueEntry => ({
  id, customerId: null, businessId: 1, businessName: 'B', serviceId: 2, serviceName: 'S', appointmentId: id, date: '2030-01-02', time: '10:00',
  queuePosition, status: 'waiting', estimatedWaitMinutes: 10, isMine: false, customerName: null, timeZone: 'America/New_York', staffId: null, staffName: null, staffCount: 1, ...patch,
});

describe('queue list', () => {
  it('counts, rounded average wait, at most 5 recent finished entries', () => {
    const list = [entry(1, 1, { estimatedWaitMinutes: 5 }), entry(2, 2, { status: 'called', estimatedWaitMinutes: 10 }),
      ...[3, 4, 5, 6, 7, 8].map((id) => entry(id, null, { status: id % 2 ? 'served' : 'cancelled' }))];
    // 2030-01-02 15:00 UTC is 10:00 AM that day in New York: both active entries are today's.
    const s = queueStats(list, Date.parse('2030-01-02T15:00:00Z'));
    expect([s.activeCount, s.avgWait, s.completed, s.recent.length]).toEqual([2, 8, 3, 5]);
  });

  it("averages today's waits only: a booking days ahead is not a wait in a queue", () => {
    const now = Date.parse('2030-01-02T15:00:00Z');
    const today = entry(1, 1, { estimatedWaitMinutes: 20 });
    const nextWeek = entry(2, 1, { date: '2030-01-09', estimatedWaitMinutes: 7 * 24 * 60 });
    expect(queueStats([today, nextWeek], now).avgWait).toBe(20);
    expect(queueStats([nextWeek], now)).toMatchObject({ activeCount: 1, avgWait: null });
    // Today is the business's: 02:00 UTC on the 3rd is still the 2nd in New York.
    expect(queueStats([today], Date.parse('2030-01-03T02:00:00Z')).avgWait).toBe(20);
  });

  it('progress is (total - position + 1) / total', () => {
    expect(queueProgress(1, 4)).toBe(100);
    expect(queueProgress(4, 4)).toBe(25);
    expect(queueProgress(null, 4)).toBe(0);
  });
});
