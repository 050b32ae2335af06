import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@contract/businesses';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/businesses/:id: one business or restaurant (its time zone says which day is "today"). */
export const businessQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.business(businessId),
    queryFn: () => apiGet<Business>(`/api/businesses/${businessId}`),
  });

/** Waits (fetches nothing) while businessId is null. */
export const useBusiness = (businessId: number | null) =>
  useQuery({ ...businessQueryOptions(businessId ?? 0), enabled: businessId !== null });
