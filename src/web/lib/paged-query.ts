import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { type ApiPage, apiGetPage } from './api-client';

// Lists that grow with a person's history come a page at a time (DESIGN section 10): the first page
// from the list's URL, each next one from the URL the server put in the previous page's Link header.
// One cache entry per list holds every page loaded so far, in order.

export type PagedData<T> = InfiniteData<ApiPage<T>, unknown>;

/** The infinite query of a paged list whose first page is at `firstUrl`. */
export const pagedQueryOptions = <T>(queryKey: QueryKey, firstUrl: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => apiGetPage<T>(pageParam),
    initialPageParam: firstUrl,
    getNextPageParam: (last: ApiPage<T>) => last.next ?? undefined,
  });

/** Every item loaded so far of a list answered as an array. */
export const loadedItems = <T>(data: PagedData<T[]> | undefined): T[] => data?.pages.flatMap((page) => page.body) ?? [];

/** The same pages with each body changed: for a cache update that touches items on any page. */
export const mapPages = <T>(data: PagedData<T>, change: (body: T, index: number) => T): PagedData<T> => ({
  ...data,
  pages: data.pages.map((page, index) => ({ ...page, body: change(page.body, index) })),
});
