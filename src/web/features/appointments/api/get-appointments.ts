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

/**
 * GET /api/appointments?businessId=&date= or &serviceId=: the business's active appointments on a
 * day or of one service, as any signed-in customer sees them (no personal data, `isMine`).
 */
export const businessAppointmentsFilteredQueryOptions = (businessId: number, filter: { date?: string; serviceId?: number }) =>
  queryOptions({
    queryKey: queryKeys.businessAppointmentsFiltered(businessId, filter),
    queryFn: () => {
      const params = new URLSearchParams({ businessId: String(businessId) });
      if (filter.date) params.set('date', filter.date);
      if (filter.serviceId) params.set('serviceId', String(filter.serviceId));
      return apiGet<Appointment[]>(`/api/appointments?${params}`);
    },
    staleTime: 0,
  });

export const useBusinessAppointmentsFiltered = (businessId: number, filter: { date?: string; serviceId?: number }) =>
  useQuery(businessAppointmentsFilteredQueryOptions(businessId, filter));
