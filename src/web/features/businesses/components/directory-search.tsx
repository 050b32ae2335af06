import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

const SEARCH_DELAY_MS = 300;

/**
 * The search box's text, sent on once typing pauses (one search per pause, not one per key). When the
 * address changes under it (Back, a link), the box shows the address's search again, unless the
 * person is typing.
 */
export function useDirectorySearch(q: string, onSearch: (q: string) => void) {
  const [text, setText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => {
    if (timer.current === undefined) setText((shown) => (shown.trim() === q ? shown : q));
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string, delay = SEARCH_DELAY_MS) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current(value.trim().slice(0, 100));
    }, delay);
  };
  return { text, change, clear: () => change('', 0) };
}

export function DirectorySearch({ search, restaurantsOnly }: { search: ReturnType<typeof useDirectorySearch>; restaurantsOnly: boolean }) {
  return (
    <div className="relative flex-1" role="search">
      <label htmlFor="directory-search" className="sr-only">
        {restaurantsOnly ? 'Search restaurants' : 'Search businesses'}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <Input
        id="directory-search"
        type="search"
        className="pl-9 pr-10 [&::-webkit-search-cancel-button]:appearance-none"
        placeholder={restaurantsOnly ? 'Search restaurants by name or cuisine…' : 'Search by name, category or address…'}
        value={search.text}
        onChange={(e) => search.change(e.target.value)}
        maxLength={100}
      />
      {search.text && (
        <button type="button" onClick={search.clear} className="absolute right-0 top-1/2 inline-flex size-11 -translate-y-1/2 sm:size-10 items-center justify-center rounded text-slate-400 hover:text-slate-700" aria-label="Clear search">
          <X className="size-4" />
        </button>
      )}
    </div>
  );
}
