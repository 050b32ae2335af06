import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeSlot } from '@contract/availability';
import { apiGet } from '@/lib/api-client';

export const timeSlotsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['time-slots', businessId],
    queryFn: () => apiGet<TimeSlot[]>(`/api/restaurant-time-slots/${businessId}`),
  });

export const useTimeSlots = (businessId: number) => useQuery(timeSlotsQueryOptions(businessId));
