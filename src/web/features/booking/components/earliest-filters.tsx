import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { todayIso } from '@/components/ui/calendar';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import { zoneLabel } from '@/lib/business-time';
import type { EarliestListFilter } from '@/lib/query-keys';
import { fromTimes, QUICK_MAX_PARTY } from '../lib/earliest-filter';

/**
 * What clock "From" is on: each business's own ("from 6:00 PM" means 6 PM where the business is), so
 * it says so when the list mixes zones, and names the one zone when all are elsewhere than the visitor
 * ('' when they are on the visitor's clock).
 */
export function fromZoneHint(zones: string[]): string {
  if (zones.length > 1) return "each business's time";
  return zones.length === 1 ? zoneLabel(zones[0]) : '';
}

/**
 * Quick booking's "date, time, party size": each narrows the list on the server (a time without a
 * date is each business's today). `zones`: the zones of the businesses listed, for the From hint.
 */
export function EarliestFilters({ filter, onChange, zones }: { filter: EarliestListFilter; onChange: (changes: Partial<EarliestListFilter>) => void; zones: string[] }) {
  const any = Boolean(filter.date || filter.time || filter.partySize);
  const hint = fromZoneHint(zones);
  return (
    <div role="group" aria-label="Narrow the list" className="mb-6 grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex sm:flex-wrap">
      <div className="col-span-2 space-y-1 sm:w-44">
        <Label htmlFor="quick-date">Date</Label>
        <Input id="quick-date" type="date" min={todayIso()} value={filter.date ?? ''} onChange={(e) => onChange({ date: e.target.value || undefined })} />
      </div>
      <div className="space-y-1 sm:w-56">
        <div className="flex items-baseline justify-between gap-1">
          <Label htmlFor="quick-time">From</Label>
          {hint && (
            <span id="quick-time-zone" data-testid="from-zone" className="truncate text-xs text-slate-500" title={hint}>
              {hint}
            </span>
          )}
        </div>
        <NativeSelect id="quick-time" aria-describedby={hint ? 'quick-time-zone' : undefined} value={filter.time ?? ''} onChange={(e) => onChange({ time: e.target.value || undefined })}>
          <option value="">Any time</option>
          {fromTimes.map((t) => (
            <option key={t} value={t}>
              {formatTime12h(t)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1 sm:w-36">
        <Label htmlFor="quick-party">Party size</Label>
        <NativeSelect id="quick-party" value={filter.partySize ?? ''} onChange={(e) => onChange({ partySize: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">Any</option>
          {Array.from({ length: QUICK_MAX_PARTY }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'guest' : 'guests'}
            </option>
          ))}
        </NativeSelect>
      </div>
      {any && (
        <div className="col-span-2">
          <Button type="button" variant="ghost" onClick={() => onChange({ date: undefined, time: undefined, partySize: undefined })}>
            Clear
          </Button>
        </div>
      )}
    </div>
  );
}
