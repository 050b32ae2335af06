import { CalendarDays, Clock, UtensilsCrossed, Zap } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { EarliestAppointment } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import { Badge, EmptyState, Skeleton } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/calendar';
import { ErrorState } from '@/components/ui/error-state';
import { ShowMore } from '@/components/ui/show-more';
import { useEarliestAppointmentPages } from '@/features/availability';
import { earliestSlotLink } from '@/features/businesses';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';
import { cn } from '@/lib/cn';
import { useFocusFirstNew } from '@/lib/focus-new-items';
import { loadedItems } from '@/lib/paged-query';
import type { EarliestListFilter } from '@/lib/query-keys';
import { useFirstScreenFirst } from '@/lib/first-screen-first';
import { useRestoredScroll } from '@/lib/restored-scroll';
import { earliestFilterFromParams, earliestFilterParams } from '../lib/earliest-filter';
import { EarliestFilters } from './earliest-filters';

function EarliestCard({ item, earliest }: { item: EarliestAppointment; earliest: boolean }) {
  const restaurant = item.business.businessType === 'restaurant';
  return (
    <Link
      to={earliestSlotLink(item)}
      data-testid="earliest-card"
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900 group-hover:text-brand-700">{item.business.businessName}</p>
          <p className="text-sm break-words text-slate-600">{item.service.serviceName}</p>
        </div>
        {/* Both badges when both apply: the earliest restaurant is still recognisably a restaurant. */}
        <div className="flex shrink-0 flex-col items-end gap-1">
          {earliest && (
            <Badge variant="success">
              <Zap className="mr-1 size-3" aria-hidden="true" />
              Earliest
            </Badge>
          )}
          {(restaurant || !earliest) && (
            <Badge variant="secondary">
              {restaurant && <UtensilsCrossed className="mr-1 size-3" aria-hidden="true" />}
              {item.business.category}
            </Badge>
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div className="col-span-2 flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-brand-800">
          <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
          <dt className="sr-only">Earliest date and time</dt>
          <dd className="font-medium">
            {formatLongDate(item.date)} · {formatClock(item.time, item.business.timeZone)}
          </dd>
        </div>
        <div className="flex items-center gap-1.5 text-slate-600">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          <dt className="sr-only">Duration</dt>
          <dd>{item.duration} min</dd>
        </div>
        <div className="text-right">
          <dt className="sr-only">Price</dt>
          <dd className="font-semibold text-slate-900">{Number(item.service.price) === 0 && restaurant ? 'Free to reserve' : formatPrice(item.service.price)}</dd>
        </div>
      </dl>
      <span className="mt-4 text-sm font-medium text-brand-600">{restaurant ? 'Reserve this table →' : 'Book this slot →'}</span>
    </Link>
  );
}

/**
 * Quick booking (DESIGN section 10): the earliest free starts across businesses, soonest first, a page
 * of 24 at a time with Show more, narrowed by date, time and party size from the address. It never
 * fetches the whole market, so the first card comes as fast as one page.
 */
export function EarliestGrid() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => earliestFilterFromParams(params), [params]);
  const update = (changes: Partial<EarliestListFilter>) => setParams((current) => earliestFilterParams({ ...earliestFilterFromParams(current), ...changes }));
  const pages = useEarliestAppointmentPages(filter);
  const { data, isPending, error, refetch, isPlaceholderData, isFetching, isFetchingNextPage } = pages;
  const items = loadedItems(data);
  const restoring = useRestoredScroll(data !== undefined && !isPlaceholderData);
  const [listAtMount] = useState(data !== undefined);
  const drawn = useFirstScreenFirst(items.length, restoring || !listAtMount);
  const listRef = useRef<HTMLUListElement>(null);
  const focusingNext = useFocusFirstNew(items.length, listRef);
  const narrowed = Boolean(filter.date || filter.time || filter.partySize);

  let list: ReactNode;
  if (isPending) {
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
        <ul ref={listRef} aria-busy={drawn < items.length || undefined} className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3', isFetching && !isFetchingNextPage && isPlaceholderData && 'opacity-60 transition-opacity')}>
          {items.slice(0, drawn).map((item) => (
            <li key={`${item.business.id}-${item.service.id}`}>
              <EarliestCard item={item} earliest={startOf(item) === soonest} />
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
      <EarliestFilters filter={filter} onChange={update} />
      {list}
    </>
  );
}
