import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarliestAppointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';

export const earliestAppointmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['earliest-appointments'],
    queryFn: () => apiGet<EarliestAppointment[]>('/api/earliest-appointments'),
    staleTime: 0,
  });

export const useEarliestAppointments = () => useQuery(earliestAppointmentsQueryOptions());
