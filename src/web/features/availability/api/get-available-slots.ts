import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export interface SlotQuery {
  businessId: number;
  date: string;
  serviceId?: number;
  partySize?: number;
}

export const availableSlotsQueryOptions = ({ businessId, date, serviceId, partySize }: SlotQuery) => {
  const params = new URLSearchParams({ businessId: String(businessId), date });
  if (serviceId !== undefined) params.set('serviceId', String(serviceId));
  if (partySize !== undefined) params.set('partySize', String(partySize));
  return queryOptions({
    queryKey: ['available-slots', { businessId, date, serviceId, partySize }],
    queryFn: () => apiGet<string[]>(`/api/available-slots?${params}`),
    // Slots are taken by other people all the time: never show a stale list, not even while
    // refetching on return to a day seen before.
    staleTime: 0,
    gcTime: 0,
  });
};

export const useAvailableSlots = (query: SlotQuery | null) =>
  useQuery({ ...availableSlotsQueryOptions(query ?? { businessId: 0, date: '' }), enabled: query !== null });
