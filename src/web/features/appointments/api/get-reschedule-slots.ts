import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';

/** Free times on another day for the same business, service and party (same cache as booking). */
export function useRescheduleSlots(appointment: Appointment, date: string | null) {
  const { businessId, serviceId } = appointment;
  const partySize = appointment.businessType === 'restaurant' ? appointment.partySize : undefined;
  const params = new URLSearchParams({ businessId: String(businessId), date: date ?? '', serviceId: String(serviceId) });
  if (partySize !== undefined) params.set('partySize', String(partySize));
  return useQuery({
    queryKey: ['available-slots', { businessId, date, serviceId, partySize }],
    queryFn: () => apiGet<string[]>(`/api/available-slots?${params}`),
    enabled: date !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
