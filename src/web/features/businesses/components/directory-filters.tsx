import { businessCategories, type BusinessSort, cuisineTypes, priceRanges } from '@contract/business-lists';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { todayIso } from '@/components/ui/calendar';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { BusinessListFilter } from '@/lib/query-keys';
import { activeFilterCount, MAX_PARTY_SIZE } from '../lib/directory-filter';

export type FilterChange = (changes: Partial<BusinessListFilter>) => void;

const typeFilters = [
  { value: undefined, label: 'All' },
  { value: 'service', label: 'Services' },
  { value: 'restaurant', label: 'Restaurants' },
] as const;

/** All / Services / Restaurants. */
export function TypeFilter({ type, onChange }: { type: BusinessListFilter['type']; onChange: FilterChange }) {
  return (
    <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label="Business type">
      {typeFilters.map((f) => (
        <button
          key={f.label}
          type="button"
          aria-pressed={type === f.value}
          // A restaurant's own filters mean nothing for a service business, and a category nothing for a restaurant.
          onClick={() => onChange(f.value === 'service' ? { type: f.value, cuisine: undefined, priceRange: undefined, partySize: undefined } : f.value === 'restaurant' ? { type: f.value, category: undefined } : { type: undefined })}
          className={cn('flex-1 rounded-md px-3 py-3 text-sm font-medium sm:py-2.5 sm:pointer-fine:py-1.5', type === f.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}

/** The order the server sorts in; "Best match" only with a search, "Distance" only near a point. */
export function SortSelect({ filter, onChange }: { filter: BusinessListFilter; onChange: FilterChange }) {
  const fallback: BusinessSort = filter.q ? 'relevance' : 'name';
  const choices: { value: BusinessSort; label: string }[] = [
    ...(filter.q ? [{ value: 'relevance' as const, label: 'Best match' }] : []),
    ...(filter.near ? [{ value: 'distance' as const, label: 'Nearest first' }] : []),
    { value: 'soonest', label: 'Soonest free' },
    { value: 'rating', label: 'Top rated' },
    { value: 'name', label: 'Name A–Z' },
  ];
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="directory-sort" className="shrink-0 text-slate-600">
        Sort
      </Label>
      <NativeSelect id="directory-sort" className="flex-1 sm:w-auto sm:flex-none" value={filter.sort ?? fallback} onChange={(e) => onChange({ sort: e.target.value === fallback ? undefined : (e.target.value as BusinessSort) })}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** "Filters (2)": opens the panel on a phone; on a wide screen the panel is always shown. */
export function FiltersToggle({ filter, restaurantsOnly, open, onToggle, controls }: { filter: BusinessListFilter; restaurantsOnly: boolean; open: boolean; onToggle: () => void; controls: string }) {
  const count = activeFilterCount(filter, restaurantsOnly);
  return (
    <Button type="button" variant="outline" className="md:hidden" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <SlidersHorizontal aria-hidden="true" /> Filters{count > 0 && ` (${count})`}
    </Button>
  );
}

export function useFiltersPanel(filter: BusinessListFilter, restaurantsOnly: boolean) {
  // A link that arrives with filters set opens the panel, so the person sees what narrows the list.
  const [open, setOpen] = useState(() => activeFilterCount(filter, restaurantsOnly) > 0);
  return { open, toggle: () => setOpen((o) => !o), id: useId() };
}

/** Category (services), cuisine, price and party size (restaurants), open now, free on a day. */
export function FiltersPanel({ id, open, filter, restaurantsOnly, onChange }: { id: string; open: boolean; filter: BusinessListFilter; restaurantsOnly: boolean; onChange: FilterChange }) {
  const services = !restaurantsOnly && filter.type !== 'restaurant';
  const restaurants = filter.type !== 'service';
  const today = todayIso();
  const count = activeFilterCount({ ...filter, type: undefined }, true);
  const text = (value: string) => (value === '' ? undefined : value);
  return (
    <div id={id} className={cn('mt-3 grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3 md:grid md:grid-cols-4 lg:grid-cols-6 md:items-end', open ? 'grid' : 'hidden')}>
      {services && (
        <div className="space-y-1">
          <Label htmlFor="filter-category">Category</Label>
          <NativeSelect id="filter-category" value={filter.category ?? ''} onChange={(e) => onChange({ category: text(e.target.value) })}>
            <option value="">Any category</option>
            {businessCategories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {restaurants && (
        <>
          <div className="space-y-1">
            <Label htmlFor="filter-cuisine">Cuisine</Label>
            <NativeSelect id="filter-cuisine" value={filter.cuisine ?? ''} onChange={(e) => onChange({ cuisine: text(e.target.value) })}>
              <option value="">Any cuisine</option>
              {cuisineTypes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="filter-price">Price</Label>
            <NativeSelect id="filter-price" value={filter.priceRange ?? ''} onChange={(e) => onChange({ priceRange: text(e.target.value) })}>
              <option value="">Any price</option>
              {priceRanges.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.value} · {p.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="filter-party">Party size</Label>
            <NativeSelect id="filter-party" value={filter.partySize ?? ''} onChange={(e) => onChange({ partySize: e.target.value ? Number(e.target.value) : undefined })}>
              <option value="">Any size</option>
              {Array.from({ length: MAX_PARTY_SIZE }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'guest' : 'guests'}
                </option>
              ))}
            </NativeSelect>
          </div>
        </>
      )}
      <div className="space-y-1">
        <Label htmlFor="filter-available">Free on</Label>
        <Input id="filter-available" type="date" min={today} value={filter.availableOn ?? ''} onChange={(e) => onChange({ availableOn: text(e.target.value) })} />
      </div>
      <label htmlFor="filter-open-now" className="flex h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
        <input id="filter-open-now" type="checkbox" className="size-5 accent-brand-600" checked={filter.openNow ?? false} onChange={(e) => onChange({ openNow: e.target.checked || undefined })} />
        Open now
      </label>
      {count > 0 && (
        <div className="col-span-2 sm:col-span-1">
          <Button type="button" variant="ghost" onClick={() => onChange({ category: undefined, cuisine: undefined, priceRange: undefined, partySize: undefined, openNow: undefined, availableOn: undefined })}>
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}
