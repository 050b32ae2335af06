import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, QueueEntry } from '@contract/live';
import { queryKeys } from '../../lib/query-keys';
import { applyLiveMessage, type NotificationsData } from './apply-live-message';

const entry = (id: number, queuePosition: number | null, patch: Partial<QueueEntry> = {}): QueueEntry => ({
  id, customerId: null, businessId: 1, businessName: 'B', serviceId: 2, serviceName: 'S', appointmentId: id, date: '2030-01-02', time: '10:00',
  queuePosition, status: 'waiting', estimatedWaitMinutes: 10, isMine: false, ...patch,
});
const slot = { businessId: 1, serviceId: 2, date: '2030-01-02', time: '10:00' };

describe('applyLiveMessage', () => {
  it('queue_update inserts into the matching slot list, sorted; other lists are untouched', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.slotQueue(slot), [entry(1, 1), entry(2, 3)]);
    qc.setQueryData(queryKeys.slotQueue({ ...slot, serviceId: 9 }), [entry(5, 1, { serviceId: 9 })]);
    applyLiveMessage(qc, { type: 'queue_update', queueEntry: entry(3, 2) });
    expect(qc.getQueryData<QueueEntry[]>(queryKeys.slotQueue(slot))!.map((e) => e.id)).toEqual([1, 3, 2]);
    expect(qc.getQueryData<QueueEntry[]>(queryKeys.slotQueue({ ...slot, serviceId: 9 }))!.map((e) => e.id)).toEqual([5]);
  });

  it('queue_status_update changes the status only; the customer list takes only own entries', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.customerQueue(7), [entry(1, 1, { isMine: true })]);
    applyLiveMessage(qc, { type: 'queue_status_update', queueEntry: entry(1, 4, { isMine: true, status: 'called' }) });
    applyLiveMessage(qc, { type: 'queue_update', queueEntry: entry(2, 1) });
    expect(qc.getQueryData(queryKeys.customerQueue(7))).toEqual([entry(1, 1, { isMine: true, status: 'called' })]);
  });

  it('leaves a paused list (observed, none enabled) alone', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.slotQueue(slot), [entry(1, 1)]);
    const observer = new QueryObserver(qc, { queryKey: queryKeys.slotQueue(slot), enabled: false });
    const unsubscribe = observer.subscribe(() => {});
    applyLiveMessage(qc, { type: 'queue_update', queueEntry: entry(3, 2) });
    expect(qc.getQueryData<QueueEntry[]>(queryKeys.slotQueue(slot))!.map((e) => e.id)).toEqual([1]);
    unsubscribe();
  });

  it('a notification goes on top of the list with the new unread count', () => {
    const qc = new QueryClient();
    const n = (id: number): Notification => ({ id, kind: 'offer', title: 't', body: 'b', link: null, appointmentId: null, offerId: null, read: false, createdAt: '2030-01-01T00:00:00Z' });
    qc.setQueryData<NotificationsData>(queryKeys.notifications(), { notifications: [n(1)], unread: 1 });
    applyLiveMessage(qc, { type: 'notification', notification: n(2), unread: 2 });
    expect(qc.getQueryData<NotificationsData>(queryKeys.notifications())).toEqual({ notifications: [n(2), n(1)], unread: 2 });
  });
});
