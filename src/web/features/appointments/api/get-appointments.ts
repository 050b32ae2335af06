import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/query-keys';

export interface MyAppointmentsFilter {
  date?: string;
  status?: string;
}

/**
 * GET /api/appointments: the signed-in customer's own appointments, latest start first, a page at a
 * time (the Link header leads to the next). The filters are the server's, so a match on a page not
 * loaded yet is still found. While another filter's first page loads, the last one stays on screen.
 */
export const myAppointmentsQueryOptions = (filter: MyAppointmentsFilter = {}) => {
  const params = new URLSearchParams();
  if (filter.date) params.set('date', filter.date);
  if (filter.status) params.set('status', filter.status);
  return { ...pagedQueryOptions<Appointment[]>(queryKeys.myAppointmentPages(filter), `/api/appointments${params.toString() ? `?${params}` : ''}`), placeholderData: keepPreviousData };
};

/** GET /api/appointments?date=&status=confirmed: the customer's confirmed appointments on one day (a day holds few). */
export const myAppointmentsOnQueryOptions = (date: string) =>
  queryOptions({
    queryKey: queryKeys.myAppointmentsOn(date),
    queryFn: () => apiGet<Appointment[]>(`/api/appointments?date=${date}&status=confirmed&limit=100`),
    staleTime: 0,
  });

/** GET /api/appointments?businessId=: every appointment of the owner's business, with the customers' contact details. */
export const businessAppointmentsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.businessAppointments(businessId),
    queryFn: () => apiGet<Appointment[]>(`/api/appointments?businessId=${businessId}`),
    staleTime: 0,
  });

export const useMyAppointments = (filter: MyAppointmentsFilter = {}) => useInfiniteQuery(myAppointmentsQueryOptions(filter));

export const useMyAppointmentsOn = (date: string) => useQuery(myAppointmentsOnQueryOptions(date));

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
