import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@contract/businesses';
import { apiGet } from '@/lib/api-client';

export const businessQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['businesses', businessId],
    queryFn: () => apiGet<Business>(`/api/businesses/${businessId}`),
  });

export const useBusiness = (businessId: number | null) =>
  useQuery({ ...businessQueryOptions(businessId ?? 0), enabled: businessId !== null });
