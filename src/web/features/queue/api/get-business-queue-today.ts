import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueEntry } from '@contract/live';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { QUEUE_REFRESH_MS } from './get-slot-queue';

/** GET /api/queue/business/:businessId/today: the owner's line today, in order, then the finished. */
export const businessQueueTodayQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.businessQueueToday(businessId),
    queryFn: () => apiGet<QueueEntry[]>(`/api/queue/business/${businessId}/today`),
    refetchInterval: QUEUE_REFRESH_MS,
  });

export const useBusinessQueueToday = (businessId: number) => useQuery(businessQueueTodayQueryOptions(businessId));
