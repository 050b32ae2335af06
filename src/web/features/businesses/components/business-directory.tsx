import { Building2, Search, UtensilsCrossed, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { type BusinessFilter, useBusinesses } from '../api/get-businesses';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { BusinessCard } from './business-card';
import { SkipTheLineBanner } from './skip-the-line-banner';

const PLACEHOLDER_CARDS = 6; // SPEC section 9
const SEARCH_DELAY_MS = 300;

const typeFilters = [
  { value: undefined, label: 'All' },
  { value: 'service', label: 'Services' },
  { value: 'restaurant', label: 'Restaurants' },
] as const;

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

/** The business directory; `restaurantsOnly` is the /restaurant-booking variant. */
export function BusinessDirectory({ restaurantsOnly = false }: { restaurantsOnly?: boolean }) {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type: BusinessFilter['type'] = restaurantsOnly ? 'restaurant' : typeParam === 'restaurant' || typeParam === 'service' ? typeParam : undefined;
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const { data, isPending, isError, error, errorUpdatedAt, isFetching, refetch } = useBusinesses({ type, q });

  // The search text lives in the address too, so a link or the Back button brings it back.
  useEffect(() => {
    if ((params.get('q') ?? '') === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, params, setParams]);

  useEffect(() => {
    if (errorUpdatedAt) toast({ title: 'Failed to fetch businesses', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  }, [errorUpdatedAt, error]);

  const setType = (value: BusinessFilter['type']) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('type', value);
      else next.delete('type');
      return next;
    });

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
        <div className="relative flex-1" role="search">
          <label htmlFor="directory-search" className="sr-only">
            {restaurantsOnly ? 'Search restaurants' : 'Search businesses'}
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input
            id="directory-search"
            type="search"
            className="pl-9 pr-10 [&::-webkit-search-cancel-button]:appearance-none"
            placeholder={restaurantsOnly ? 'Search restaurants by name…' : 'Search by name or category…'}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={100}
          />
          {search && (
            <button type="button" onClick={() => setSearch('')} className="absolute right-0 top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded text-slate-400 hover:text-slate-700" aria-label="Clear search">
              <X className="size-4" />
            </button>
          )}
        </div>
        {!restaurantsOnly && (
          <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Business type">
            {typeFilters.map((f) => (
              <button
                key={f.label}
                type="button"
                aria-pressed={type === f.value}
                onClick={() => setType(f.value)}
                className={cn('flex-1 rounded-md px-3 py-2.5 text-sm font-medium sm:pointer-fine:py-1.5', type === f.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
              >
                {f.label}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="mt-6">
        <SkipTheLineBanner restaurantsOnly={restaurantsOnly} />
      </div>

      <div className="mt-6">
        {isPending ? (
          <LoadingCards />
        ) : isError && !data ? (
          <EmptyState title="We couldn't load the directory." description="Check your connection and try again.">
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : data.length === 0 ? (
          <EmptyState title="No businesses found matching your search." description={q ? 'Try a different word, or clear the search.' : 'Be the first: register your business.'}>
            {q && (
              <Button variant="outline" onClick={() => setSearch('')}>
                Clear search
              </Button>
            )}
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-500" aria-live="polite">
              {data.length} {restaurantsOnly ? (data.length === 1 ? 'restaurant' : 'restaurants') : data.length === 1 ? 'business' : 'businesses'}
              {q && ` matching “${q}”`}
            </p>
            <ul className={cn('grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3', isFetching && 'opacity-60 transition-opacity')}>
              {data.map((b) => (
                <li key={b.id}>
                  <BusinessCard business={b} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
