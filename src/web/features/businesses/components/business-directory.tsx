import { Building2, UtensilsCrossed } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ShowMore } from '@/components/ui/show-more';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useFocusFirstNew } from '@/lib/focus-new-items';
import { loadedItems } from '@/lib/paged-query';
import type { BusinessListFilter } from '@/lib/query-keys';
import { useFirstScreenFirst } from '@/lib/first-screen-first';
import { useRestoredScroll } from '@/lib/restored-scroll';
import { useBusinessPages } from '../api/get-businesses';
import { filterFromParams, filterParams, nearPoint } from '../lib/directory-filter';
import { BusinessCard } from './business-card';
import { FiltersPanel, FiltersToggle, SortSelect, TypeFilter, useFiltersPanel } from './directory-filters';
import { DirectorySearch, useDirectorySearch } from './directory-search';
import { NearMeActive, NearMeButton, NearMePanel, useNearMe } from './near-me';
import { SkipTheLineBanner } from './skip-the-line-banner';

const PLACEHOLDER_CARDS = 6; // SPEC section 9

function LoadingCards() {
  return (
    <div aria-busy="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="directory-loading">
      <span className="sr-only" role="status">Loading businesses…</span>
      {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
        <div key={i} className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <div className="flex gap-3">
            <Skeleton className="size-11" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-12" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-10" />
        </div>
      ))}
    </div>
  );
}

const noun = (restaurantsOnly: boolean, n: number) => (restaurantsOnly ? (n === 1 ? 'restaurant' : 'restaurants') : n === 1 ? 'business' : 'businesses');

/**
 * The business directory (DESIGN section 10), a page at a time with Show more; `restaurantsOnly` is
 * the /restaurant-booking variant. Every filter lives in the address, so a shared link or Back brings
 * the same list back, and Back also brings back every page loaded and the place on it.
 */
export function BusinessDirectory({ restaurantsOnly = false }: { restaurantsOnly?: boolean }) {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params, restaurantsOnly), [params, restaurantsOnly]);
  // Each change of filter is a step Back can undo; typing in the search box replaces its own step.
  const update = (changes: Partial<BusinessListFilter>, { replace = false } = {}) =>
    setParams((current) => filterParams({ ...filterFromParams(current, restaurantsOnly), ...changes }, restaurantsOnly), { replace });
  const search = useDirectorySearch(filter.q ?? '', (q) => update({ q: q || undefined }, { replace: true }));
  const panel = useFiltersPanel(filter, restaurantsOnly);
  const nearMe = useNearMe((latitude, longitude) => update({ near: nearPoint(latitude, longitude), sort: 'distance' }));

  const pages = useBusinessPages(filter);
  const { data, isPending, isError, error, errorUpdatedAt, isFetching, isFetchingNextPage, isPlaceholderData, refetch } = pages;
  const businesses = loadedItems(data);
  // An availableOn page that looked at its most businesses and found none free still has a Link:
  // followed at once, so "none found" is said only when the list has ended (business-listing.repository.ts).
  const following = businesses.length === 0 && !isPending && !isError && pages.hasNextPage;
  const { fetchNextPage } = pages;
  useEffect(() => {
    if (following && !isFetchingNextPage) void fetchNextPage();
  }, [following, isFetchingNextPage, fetchNextPage]);
  const restoring = useRestoredScroll(data !== undefined && !isPlaceholderData);
  const [listAtMount] = useState(data !== undefined);
  const drawn = useFirstScreenFirst(businesses.length, restoring || !listAtMount);
  const list = useRef<HTMLUListElement>(null);
  const focusingNext = useFocusFirstNew(businesses.length, list);

  useEffect(() => {
    if (errorUpdatedAt) toast({ title: 'Failed to fetch businesses', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  }, [errorUpdatedAt, error]);

  const narrowed = Boolean(filter.q || filter.category || filter.cuisine || filter.priceRange || filter.partySize || filter.openNow || filter.availableOn || filter.radiusKm);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{restaurantsOnly ? 'Book a Reservation' : 'Find a Business'}</h1>
          <p className="mt-1 text-slate-600">{restaurantsOnly ? 'Reserve a table at a restaurant near you.' : 'Book an appointment with local businesses and restaurants.'}</p>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button asChild variant="outline">
            <Link to="/business-register">
              <Building2 className="hidden sm:block" aria-hidden="true" /> Register Business
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/restaurant-register">
              <UtensilsCrossed className="hidden sm:block" aria-hidden="true" /> Register Restaurant
            </Link>
          </Button>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-center">
        <DirectorySearch search={search} restaurantsOnly={restaurantsOnly} />
        {!restaurantsOnly && <TypeFilter type={filter.type} onChange={update} />}
      </div>
      {/* A phone: Filters and Near me side by side, the sort below them; wider, one row. */}
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <FiltersToggle filter={filter} restaurantsOnly={restaurantsOnly} open={panel.open} onToggle={panel.toggle} controls={panel.id} />
        <NearMeButton active={Boolean(filter.near)} onAsk={nearMe.ask} />
        <div className="col-span-2 sm:ml-auto">
          <SortSelect filter={filter} onChange={update} />
        </div>
      </div>
      {filter.near && <NearMeActive radiusKm={filter.radiusKm} onRadius={(radiusKm) => update({ radiusKm })} onClear={() => update({ near: undefined, radiusKm: undefined })} />}
      <NearMePanel nearMe={nearMe} />
      <FiltersPanel id={panel.id} open={panel.open} filter={filter} restaurantsOnly={restaurantsOnly} onChange={update} />

      {/* Once a search or filter narrows the list, its results come first and the promotion follows them:
          above them it pushed the first result 760 px down a phone, under the keyboard. */}
      {!narrowed && (
        <div className="mt-6">
          <SkipTheLineBanner restaurantsOnly={restaurantsOnly} />
        </div>
      )}

      <div className="mt-6" data-testid="directory-results">
        {isPending || following ? (
          <LoadingCards />
        ) : isError && !data ? (
          <EmptyState title="We couldn't load the directory." description="Check your connection and try again.">
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : businesses.length === 0 ? (
          <EmptyState title="No businesses found matching your search." description={narrowed ? 'Try a different word, or clear the search and filters.' : 'Be the first: register your business.'}>
            {narrowed && (
              <Button variant="outline" onClick={() => update({ q: undefined, category: undefined, cuisine: undefined, priceRange: undefined, partySize: undefined, openNow: undefined, availableOn: undefined, radiusKm: undefined })}>
                Clear search and filters
              </Button>
            )}
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-500" aria-live="polite">
              {pages.hasNextPage ? 'Showing the first ' : 'Showing '}
              {businesses.length} {noun(restaurantsOnly, businesses.length)}
              {filter.q && ` matching “${filter.q}”`}
              {filter.sort === 'distance' && ', nearest first'}
            </p>
            <ul ref={list} aria-busy={drawn < businesses.length || undefined} className={cn('grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3', isFetching && !isFetchingNextPage && 'opacity-60 transition-opacity')}>
              {businesses.slice(0, drawn).map((b) => (
                <li key={b.id}>
                  <BusinessCard business={b} />
                </li>
              ))}
            </ul>
            <div className="mt-6">
              <ShowMore query={{ ...pages, fetchNextPage: focusingNext(pages.fetchNextPage) }} label={`Show more ${noun(restaurantsOnly, 2)}`} />
            </div>
          </>
        )}
      </div>
      {narrowed && (
        <div className="mt-8">
          <SkipTheLineBanner restaurantsOnly={restaurantsOnly} />
        </div>
      )}
    </div>
  );
}
