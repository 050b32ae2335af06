import { Button } from './button';

/**
 * The end of a paged list: "Show more" while the server has another page, busy while it loads, and
 * a retry after a failure. Nothing once the last page is shown.
 */
/** What ShowMore needs of an infinite query (useInfiniteQuery's result has it). */
export interface PagedQueryState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export function ShowMore({ query, label = 'Show more' }: { query: PagedQueryState; label?: string }) {
  if (!query.hasNextPage) return null;
  const busy = query.isFetchingNextPage;
  return (
    <div className="flex flex-col items-center gap-1 pt-1">
      {query.isFetchNextPageError && !busy && (
        <p role="alert" className="text-sm text-red-600">
          Could not load more. Please try again.
        </p>
      )}
      <Button type="button" variant="outline" size="sm" disabled={busy} aria-busy={busy} onClick={() => void query.fetchNextPage()}>
        {busy ? 'Loading…' : label}
      </Button>
    </div>
  );
}
