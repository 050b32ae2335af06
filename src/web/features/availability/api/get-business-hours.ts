import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayHours } from '@contract/availability';
import { apiGet } from '@/lib/api-client';

export interface WeeklyHours {
  hours: DayHours[];
}

export const businessHoursQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['businesses', businessId, 'hours'],
    queryFn: () => apiGet<WeeklyHours>(`/api/businesses/${businessId}/hours`),
  });

export const useBusinessHours = (businessId: number) => useQuery(businessHoursQueryOptions(businessId));
