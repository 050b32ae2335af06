import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarliestAppointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/businesses/:id/earliest-appointments: each service's first free start at one business this week. */
export const businessEarliestQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.businessEarliest(businessId),
    queryFn: () => apiGet<EarliestAppointment[]>(`/api/businesses/${businessId}/earliest-appointments`),
  });

export const useBusinessEarliest = (businessId: number) => useQuery(businessEarliestQueryOptions(businessId));
