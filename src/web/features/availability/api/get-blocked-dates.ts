import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedDate } from '@contract/availability';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/business-availability/:businessId: the dates the business is closed. */
export const blockedDatesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.blockedDates(businessId),
    queryFn: () => apiGet<BlockedDate[]>(`/api/business-availability/${businessId}`),
  });

export const useBlockedDates = (businessId: number) => useQuery(blockedDatesQueryOptions(businessId));
