import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Business } from '@contract/businesses';
import { pagedQueryOptions } from '@/lib/paged-query';
import { type BusinessListFilter, queryKeys } from '@/lib/query-keys';
import { businessesUrl } from '../lib/directory-filter';

export type BusinessFilter = BusinessListFilter;

/**
 * GET /api/businesses a page at a time (DESIGN section 10): the first page for the filter, each next
 * one from the previous page's Link header. The pages loaded stay in the cache, so Back shows them all.
 */
export const businessPagesQueryOptions = (filter: BusinessFilter) => ({
  ...pagedQueryOptions<Business[]>(queryKeys.businessList(filter), businessesUrl(filter)),
  // While a new search runs, the previous results stay on screen instead of flashing placeholders.
  placeholderData: keepPreviousData,
});

export const useBusinessPages = (filter: BusinessFilter) => useInfiniteQuery(businessPagesQueryOptions(filter));
