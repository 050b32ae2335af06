import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@contract/businesses';
import { apiGet } from '@/lib/api-client';

/** The appointment's business: its time zone says which day is "today" for rescheduling. */
export const appointmentBusinessQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['businesses', businessId],
    queryFn: () => apiGet<Business>(`/api/businesses/${businessId}`),
  });

export const useAppointmentBusiness = (businessId: number) => useQuery(appointmentBusinessQueryOptions(businessId));
