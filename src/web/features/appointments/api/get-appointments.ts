import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';

export const myAppointmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['appointments', 'mine'],
    queryFn: () => apiGet<Appointment[]>('/api/appointments'),
  });

export const useMyAppointments = () => useQuery(myAppointmentsQueryOptions());
