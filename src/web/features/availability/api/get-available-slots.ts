import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { type SlotQuery, queryKeys } from '@/lib/query-keys';

export type { SlotQuery };

/** GET /api/available-slots: the free start times ("HH:MM") of a business on a day. */
export const availableSlotsQueryOptions = (query: SlotQuery) => {
  const { businessId, date, serviceId, partySize, forAppointment, staffId } = query;
  const params = new URLSearchParams({ businessId: String(businessId), date });
  if (serviceId !== undefined) params.set('serviceId', String(serviceId));
  if (partySize !== undefined) params.set('partySize', String(partySize));
  if (forAppointment !== undefined) params.set('forAppointment', String(forAppointment));
  if (staffId !== undefined) params.set('staffId', String(staffId));
  return queryOptions({
    queryKey: queryKeys.availableSlots(query),
    queryFn: () => apiGet<string[]>(`/api/available-slots?${params}`),
    // Slots are taken by other people all the time: never show a stale list, not even while
    // refetching on return to a day seen before.
    staleTime: 0,
    gcTime: 0,
  });
};

/** Booking and rescheduling share this cache; waits (fetches nothing) while query is null. */
export const useAvailableSlots = (query: SlotQuery | null) =>
  useQuery({ ...availableSlotsQueryOptions(query ?? { businessId: 0, date: '' }), enabled: query !== null });
