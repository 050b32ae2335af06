import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { todayIso } from '@/components/ui/calendar';
import { Input, Label, NativeSelect } from '@/components/ui/input';
import type { EarliestListFilter } from '@/lib/query-keys';
import { fromTimes, QUICK_MAX_PARTY } from '../lib/earliest-filter';

/**
 * Quick booking's "date, time, party size": each narrows the list on the server. The time is each
 * business's own clock ("from 6:00 PM" means 6 PM where the business is).
 */
export function EarliestFilters({ filter, onChange }: { filter: EarliestListFilter; onChange: (changes: Partial<EarliestListFilter>) => void }) {
  const any = Boolean(filter.date || filter.time || filter.partySize);
  return (
    <div role="group" aria-label="Narrow the list" className="mb-6 grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex sm:flex-wrap">
      <div className="col-span-2 space-y-1 sm:w-44">
        <Label htmlFor="quick-date">Date</Label>
        <Input id="quick-date" type="date" min={todayIso()} value={filter.date ?? ''} onChange={(e) => onChange({ date: e.target.value || undefined })} />
      </div>
      <div className="space-y-1 sm:w-36">
        <Label htmlFor="quick-time">From</Label>
        <NativeSelect id="quick-time" value={filter.time ?? ''} onChange={(e) => onChange({ time: e.target.value || undefined })}>
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
