import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@contract/businesses';
import { apiGet } from '@/lib/api-client';

export const ownedBusinessQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['businesses', businessId],
    queryFn: () => apiGet<Business>(`/api/businesses/${businessId}`),
  });

export const useOwnedBusiness = (businessId: number) => useQuery(ownedBusinessQueryOptions(businessId));
