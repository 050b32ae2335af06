import { useId } from 'react';
import { formatTime12h } from '@contract/time';
import { Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { errorMessage } from '@/lib/api-client';
import { zoneNote } from '@/lib/business-time';
import { cn } from '@/lib/cn';

/**
 * A day's free start times as toggle buttons; loading, failure and "none" are handled here. The times
 * are the business's wall clock (`timeZone`): from another zone one line above the buttons says whose
 * ("Times are New York time"), rather than every button.
 */
export function TimeSlotGrid({ query, heading, timeZone, selected, onSelect, empty }: {
  /** the available-slots query of that day */
  query: { data: string[] | undefined; isLoading: boolean; error: unknown; refetch: () => unknown };
  heading?: React.ReactNode;
  timeZone?: string | null;
  selected: string | null;
  onSelect: (time: string) => void;
  empty: React.ReactNode;
}) {
  return (
    <>
      {heading && <h3 className="mb-3 text-sm font-medium text-slate-700">{heading}</h3>}
      <SlotButtons query={query} timeZone={timeZone} selected={selected} onSelect={onSelect} empty={empty} />
    </>
  );
}

function SlotButtons({ query, timeZone, selected, onSelect, empty }: Omit<Parameters<typeof TimeSlotGrid>[0], 'heading'>) {
  const noteId = useId();
  const { data: slots, isLoading, error } = query;
  const onRetry = () => void query.refetch();
  if (isLoading) {
    return (
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" role="status" aria-busy="true" aria-label="Loading available times">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    );
  }
  if (error) return <ErrorState title="Failed to fetch available slots" message={errorMessage(error, '')} onRetry={onRetry} />;
  if (!slots || slots.length === 0) return <>{empty}</>;
  const note = zoneNote(timeZone);
  return (
    <>
      {note && (
        <p id={noteId} className="-mt-1 mb-3 text-sm text-slate-600" data-testid="zone-note">
          {note}
        </p>
      )}
      <div role="group" aria-label="Available times" aria-describedby={note ? noteId : undefined} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.map((time) => (
          <button
            key={time}
            type="button"
            aria-pressed={selected === time}
            onClick={() => onSelect(time)}
            className={cn(
              'h-11 sm:h-10 rounded-md border text-sm font-medium tabular-nums',
              selected === time ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500 hover:bg-brand-50',
            )}
          >
            {formatTime12h(time)}
          </button>
        ))}
      </div>
    </>
  );
}
