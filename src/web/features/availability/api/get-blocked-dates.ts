import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedDate } from '@contract/availability';
import { apiGet } from '@/lib/api-client';

export const blockedDatesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['blocked-dates', businessId],
    queryFn: () => apiGet<BlockedDate[]>(`/api/business-availability/${businessId}`),
  });

export const useBlockedDates = (businessId: number) => useQuery(blockedDatesQueryOptions(businessId));
