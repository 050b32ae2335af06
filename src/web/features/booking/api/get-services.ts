import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@contract/services';
import { apiGet } from '@/lib/api-client';

export const servicesQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: ['businesses', businessId, 'services'],
    queryFn: () => apiGet<Service[]>(`/api/businesses/${businessId}/services`),
  });

export const useServices = (businessId: number | null) =>
  useQuery({ ...servicesQueryOptions(businessId ?? 0), enabled: businessId !== null });
