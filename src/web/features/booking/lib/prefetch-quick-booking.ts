import type { QueryClient } from '@tanstack/react-query';
import { earliestAppointmentPagesOptions } from '@/features/availability';
import { preloadArrived } from '@/lib/first-page-data';
import { earliestFilterFromParams } from './earliest-filter';

/**
 * Before quick booking's first render (lib/first-page-data.ts): its first page of earliest free starts,
 * read into the cache when the page's preload of it has arrived, with the very options the grid's query
 * uses, so the grid finds it there.
 */
export async function prefetchQuickBooking(client: QueryClient, search: string): Promise<void> {
  const pages = earliestAppointmentPagesOptions(earliestFilterFromParams(new URLSearchParams(search)));
  if (preloadArrived(pages.initialPageParam)) await client.prefetchInfiniteQuery(pages);
}
