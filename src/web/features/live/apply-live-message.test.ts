import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, QueueEntry } from '@contract/live';
import { queryKeys } from '../../lib/query-keys';
import { applyLiveMessage, type NotificationPages, refetchWhatTheGapMissed } from './apply-live-message';

const entry = (id: number, queuePosition: number | null, patch: Partial<QueueEntry> = {}): QueueEntry => ({
  id, customerId: null, businessId: 1, businessName: 'B', serviceId: 2, serviceName: 'S', appointmentId: id, date: '2030-01-02', time: '10:00',
  queuePosition, status: 'waiting', estimatedWaitMinutes: 10, isMine: false, customerName: null, timeZone: 'America/New_York', staffId: null, staffName: null, staffCount: 1, ...patch,
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

  it('a notification goes on top of the first page, every page takes the new unread count', () => {
    const qc = new QueryClient();
    const n = (id: number): Notification => ({ id, kind: 'offer', title: 't', body: 'b', link: null, appointmentId: null, offerId: null, read: false, createdAt: '2030-01-01T00:00:00Z', timeZone: null });
    const page = (ids: number[], unread: number, next: string | null) => ({ body: { notifications: ids.map(n), unread }, next });
    qc.setQueryData<NotificationPages>(queryKeys.notifications(), { pages: [page([3], 2, '/api/notifications?cursor=a'), page([1], 2, null)], pageParams: ['/api/notifications', '/api/notifications?cursor=a'] });
    applyLiveMessage(qc, { type: 'notification', notification: n(4), unread: 3 });
    expect(qc.getQueryData<NotificationPages>(queryKeys.notifications())!.pages).toEqual([page([4, 3], 3, '/api/notifications?cursor=a'), page([1], 3, null)]);
    // Not loaded yet: the bell's own first fetch will bring it.
    const empty = new QueryClient();
    applyLiveMessage(empty, { type: 'notification', notification: n(5), unread: 1 });
    expect(empty.getQueryData(queryKeys.notifications())).toBeUndefined();
  });
});

describe('an offer change', () => {
  it('marks the offers, appointments, wallet and credit stale, so the screens showing them refetch', () => {
    const qc = new QueryClient();
    const keys = [queryKeys.offers(7), queryKeys.appointmentOffers(101), queryKeys.myAppointments(), queryKeys.wallet(), queryKeys.credits(7), queryKeys.creditTransactions(7)];
    for (const key of keys) qc.setQueryData(key, []);
    qc.setQueryData(queryKeys.business(1), {});
    applyLiveMessage(qc, { type: 'offer_changed', offerId: 501 });
    for (const key of keys) expect(qc.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(qc.getQueryState(queryKeys.business(1))?.isInvalidated).toBe(false);
  });
});

describe('the socket opening', () => {
  it('marks stale what was read before it opened, and leaves alone what was read after or lives elsewhere', () => {
    const qc = new QueryClient();
    qc.setQueryData(queryKeys.wallet(), {}, { updatedAt: 1_000 });
    qc.setQueryData(queryKeys.notifications(), { pages: [], pageParams: [] }, { updatedAt: 1_000 });
    qc.setQueryData(queryKeys.myAppointments(), [], { updatedAt: 3_000 });
    qc.setQueryData(queryKeys.business(1), {}, { updatedAt: 1_000 });
    refetchWhatTheGapMissed(qc, 2_000);
    expect(qc.getQueryState(queryKeys.wallet())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeys.notifications())?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeys.myAppointments())?.isInvalidated).toBe(false);
    expect(qc.getQueryState(queryKeys.business(1))?.isInvalidated).toBe(false);
  });
});
