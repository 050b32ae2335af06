import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@contract/businesses';
import { apiGet } from '@/lib/api-client';
import { type BusinessListFilter, queryKeys } from '@/lib/query-keys';

export type BusinessFilter = BusinessListFilter;

/** GET /api/businesses: the directory; the server filters by type and by name, category or description (case-insensitive). */
export const businessesQueryOptions = (filter: BusinessFilter) => {
  const params = new URLSearchParams();
  if (filter.type) params.set('type', filter.type);
  if (filter.q) params.set('q', filter.q);
  const search = params.toString();
  return queryOptions({
    queryKey: queryKeys.businessList(filter),
    queryFn: () => apiGet<Business[]>(`/api/businesses${search ? `?${search}` : ''}`),
    // While a new search runs, the previous results stay on screen instead of flashing placeholders.
    placeholderData: keepPreviousData,
  });
};

export const useBusinesses = (filter: BusinessFilter) => useQuery(businessesQueryOptions(filter));
