import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@contract/services';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/businesses/:id/services: what a business offers (a restaurant has its one reservation service). */
export const businessServicesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.businessServices(businessId),
    queryFn: () => apiGet<Service[]>(`/api/businesses/${businessId}/services`),
  });

/** Waits (fetches nothing) while businessId is null. */
export const useBusinessServices = (businessId: number | null) =>
  useQuery({ ...businessServicesQueryOptions(businessId ?? 0), enabled: businessId !== null });
