import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueEntry } from '@contract/live';
import { apiGet } from '@/lib/api-client';
import { queryKeys, type SlotQueueQuery } from '@/lib/query-keys';

/** SPEC section 9: queue data is refreshed every 30 seconds. */
export const QUEUE_REFRESH_MS = 30_000;

/** GET /api/queue/:businessId/:serviceId/:date/:time: who is waiting for a slot's service that day. */
export const slotQueueQueryOptions = (slot: SlotQueueQuery, paused = false) =>
  queryOptions({
    queryKey: queryKeys.slotQueue(slot),
    queryFn: () => apiGet<QueueEntry[]>(`/api/queue/${slot.businessId}/${slot.serviceId}/${slot.date}/${slot.time}`),
    enabled: !paused,
    refetchInterval: paused ? false : QUEUE_REFRESH_MS,
  });

export const useSlotQueue = (slot: SlotQueueQuery, paused = false) => useQuery(slotQueueQueryOptions(slot, paused));
