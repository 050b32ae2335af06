import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayHours } from '@contract/availability';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface WeeklyHours {
  hours: DayHours[];
}

/** GET /api/businesses/:id/hours: opening hours, one entry per weekday. */
export const businessHoursQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.businessHours(businessId),
    queryFn: () => apiGet<WeeklyHours>(`/api/businesses/${businessId}/hours`),
  });

export const useBusinessHours = (businessId: number) => useQuery(businessHoursQueryOptions(businessId));
