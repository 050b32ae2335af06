import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/appointments: the signed-in customer's own appointments. */
export const myAppointmentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myAppointments(),
    queryFn: () => apiGet<Appointment[]>('/api/appointments'),
  });

/** GET /api/appointments?businessId=: every appointment of the owner's business, with the customers' contact details. */
export const businessAppointmentsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.businessAppointments(businessId),
    queryFn: () => apiGet<Appointment[]>(`/api/appointments?businessId=${businessId}`),
    staleTime: 0,
  });

export const useMyAppointments = () => useQuery(myAppointmentsQueryOptions());

export const useBusinessAppointments = (businessId: number) => useQuery(businessAppointmentsQueryOptions(businessId));
