import type { QueryClient } from '@tanstack/react-query';
import { BANNER_ITEMS } from '@contract/first-pages';
import { earliestAppointmentsQueryOptions, earliestAppointmentsUrl } from '@/features/availability';
import { preloadArrived } from '@/lib/first-page-data';
import { filterFromParams } from '../lib/directory-filter';
import { businessPagesQueryOptions } from './get-businesses';

/**
 * Before the directory's first render (lib/first-page-data.ts): its first page of businesses and the
 * banner's soonest times, each read into the cache when the page's preload of it has arrived, with the
 * very options the screen's queries use, so the screen finds them there.
 */
export function prefetchDirectory(client: QueryClient, search: string, restaurantsOnly = false): Promise<unknown> {
  const pages = businessPagesQueryOptions(filterFromParams(new URLSearchParams(search), restaurantsOnly));
  const bannerFilter = { limit: BANNER_ITEMS, type: restaurantsOnly ? ('restaurant' as const) : undefined };
  return Promise.all([
    preloadArrived(pages.initialPageParam) && client.prefetchInfiniteQuery(pages),
    preloadArrived(earliestAppointmentsUrl(bannerFilter)) && client.prefetchQuery(earliestAppointmentsQueryOptions(bannerFilter)),
  ]);
}
