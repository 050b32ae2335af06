import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Business } from '@contract/businesses';
import { apiGet } from '@/lib/api-client';

export interface BusinessFilter {
  type?: 'restaurant' | 'service';
  q?: string;
}

/** The directory; the server filters by type and by name, category or description (case-insensitive). */
export const businessesQueryOptions = (filter: BusinessFilter) => {
  const params = new URLSearchParams();
  if (filter.type) params.set('type', filter.type);
  if (filter.q) params.set('q', filter.q);
  const search = params.toString();
  return queryOptions({
    queryKey: ['businesses', 'list', { type: filter.type ?? null, q: filter.q ?? '' }],
    queryFn: () => apiGet<Business[]>(`/api/businesses${search ? `?${search}` : ''}`),
    // While a new search runs, the previous results stay on screen instead of flashing placeholders.
    placeholderData: keepPreviousData,
  });
};

export const useBusinesses = (filter: BusinessFilter) => useQuery(businessesQueryOptions(filter));
