import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';

/** Every appointment of the owner's business, with the customers' contact details. */
export const businessAppointmentsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['appointments', 'business', businessId],
    queryFn: () => apiGet<Appointment[]>(`/api/appointments?businessId=${businessId}`),
    staleTime: 0,
  });

export const useBusinessAppointments = (businessId: number) => useQuery(businessAppointmentsQueryOptions(businessId));
