import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueEntry } from '@contract/live';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { QUEUE_REFRESH_MS } from './get-slot-queue';

/** GET /api/queue/customer/:userId: the user's active entries, then up to 5 recently finished. */
export const customerQueueQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.customerQueue(userId),
    queryFn: () => apiGet<QueueEntry[]>(`/api/queue/customer/${userId}`),
    refetchInterval: QUEUE_REFRESH_MS,
  });

export const useCustomerQueue = (userId: number) => useQuery(customerQueueQueryOptions(userId));
