import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EarliestAppointment } from '@contract/appointments';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ShowMore } from '@/components/ui/show-more';
import { useEarliestAppointmentPages } from '@/features/availability';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useFocusFirstNew } from '@/lib/focus-new-items';
import { loadedItems } from '@/lib/paged-query';
import type { EarliestListFilter } from '@/lib/query-keys';
import { useFirstScreenFirst } from '@/lib/first-screen-first';
import { useRestoredScroll } from '@/lib/restored-scroll';
import { earliestFilterFromParams, earliestFilterParams } from '../lib/earliest-filter';
import { EarliestCard } from './earliest-card';
import { EarliestFilters } from './earliest-filters';

/**
 * Quick booking (DESIGN section 10): the earliest free starts across businesses, soonest first, a page
 * of 24 at a time with Show more, narrowed by date, time and party size from the address. It never
 * fetches the whole market, so the first card comes as fast as one page.
 */
export function EarliestGrid() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => earliestFilterFromParams(params), [params]);
  // React Router's setParams(fn) hands fn the params of the last render, and a render of an older
  // address can still come after a newer change: a date, then From, then party size in quick succession
  // lost From. Each change starts from the latest address asked for; one we did not ask for (Back, a
  // link) becomes the latest when it arrives.
  const latest = useRef(params.toString());
  const pushed = useRef<string[]>([]);
  useEffect(() => {
    const now = params.toString();
    const ours = pushed.current.indexOf(now);
    if (ours >= 0) pushed.current.splice(0, ours + 1);
    else {
      pushed.current = [];
      latest.current = now;
    }
  }, [params]);
  const update = (changes: Partial<EarliestListFilter>) => {
    const next = earliestFilterParams({ ...earliestFilterFromParams(new URLSearchParams(latest.current)), ...changes });
    latest.current = next.toString();
    pushed.current.push(latest.current);
    setParams(next);
  };
  const pages = useEarliestAppointmentPages(filter);
  const { data, isPending, error, refetch, isPlaceholderData, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage } = pages;
  const items = loadedItems(data);
  // A search page that looked at its most rows and found none still has a Link: followed at once, so
  // "nothing free" is said only when the list has ended (earliest-page.repository.ts).
  const following = items.length === 0 && !isPending && !error && hasNextPage;
  useEffect(() => {
    if (following && !isFetchingNextPage) void fetchNextPage();
  }, [following, isFetchingNextPage, fetchNextPage]);
  const zones = new Set(items.map((item) => item.business.timeZone));
  const restoring = useRestoredScroll(data !== undefined && !isPlaceholderData);
  // The last search's cards, shown dimmed while the new search loads: busy until they are replaced.
  const replacing = isFetching && !isFetchingNextPage && isPlaceholderData;
  const [listAtMount] = useState(data !== undefined);
  const drawn = useFirstScreenFirst(items.length, restoring || !listAtMount);
  const listRef = useRef<HTMLUListElement>(null);
  const focusingNext = useFocusFirstNew(items.length, listRef);
  const narrowed = Boolean(filter.date || filter.time || filter.partySize);

  let list: ReactNode;
  if (isPending || following) {
    list = (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading appointments">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-44 rounded-xl" />
          </li>
        ))}
      </ul>
    );
  } else if (error && !data) {
    list = <ErrorState title="Error Loading Appointments" message={errorMessage(error, '')} onRetry={() => void refetch()} />;
  } else if (items.length === 0) {
    list = narrowed ? (
      <EmptyState title="No Available Appointments" description="Nothing is free for that choice. Try another day, an earlier time or a smaller party." />
    ) : (
      <EmptyState title="No Available Appointments" description="All businesses are fully booked for the next week." />
    );
  } else {
    // The server sends the soonest first; the 'Earliest' badge sits on every card tied with it.
    const startOf = (item: EarliestAppointment) => `${item.date} ${item.time}`;
    const soonest = items.reduce((min, item) => (startOf(item) < min ? startOf(item) : min), startOf(items[0]));
    list = (
      <>
        <ul ref={listRef} aria-busy={drawn < items.length || replacing || undefined} className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3', replacing && 'opacity-60 transition-opacity')}>
          {items.slice(0, drawn).map((item) => (
            <li key={`${item.business.id}-${item.service.id}`}>
              <EarliestCard item={item} earliest={startOf(item) === soonest} mixedZones={zones.size > 1} />
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <ShowMore query={{ ...pages, fetchNextPage: focusingNext(pages.fetchNextPage) }} label="Show more appointments" />
        </div>
      </>
    );
  }
  return (
    <>
      <EarliestFilters filter={filter} onChange={update} zones={[...zones]} />
      {list}
    </>
  );
}
