import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@contract/services';
import { apiGet } from '@/lib/api-client';

export const businessServicesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['businesses', businessId, 'services'],
    queryFn: () => apiGet<Service[]>(`/api/businesses/${businessId}/services`),
  });

export const useBusinessServices = (businessId: number) => useQuery(businessServicesQueryOptions(businessId));
