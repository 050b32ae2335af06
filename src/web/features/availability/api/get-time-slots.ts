import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeSlot } from '@contract/availability';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/restaurant-time-slots/:businessId: a restaurant's reservation time slots. */
export const timeSlotsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.timeSlots(businessId),
    queryFn: () => apiGet<TimeSlot[]>(`/api/restaurant-time-slots/${businessId}`),
  });

export const useTimeSlots = (businessId: number) => useQuery(timeSlotsQueryOptions(businessId));
