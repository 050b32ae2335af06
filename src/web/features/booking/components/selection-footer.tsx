import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import { cn } from '@/lib/cn';

/**
 * The chosen day and time, said back before Continue (on the business's clock, `timeZone`, naming it from
 * another zone); `extra` adds e.g. the party size. Once a time is chosen it is sticky at the bottom of the
 * screen, so Continue stays in reach below a long slot grid.
 */
export function SelectionFooter({ date, time, timeZone, extra, onContinue }: {
  date: string | null;
  time: string | null;
  timeZone: string;
  extra?: string;
  onContinue: () => void;
}) {
  return (
    <div
      data-testid="selection-footer"
      className={cn(
        'flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between',
        // Sticky only once there is something to continue with: until then it would just cover the calendar.
        date && time && 'sticky bottom-0 z-10 -mx-4 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:px-0',
      )}
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {date && time ? (
          <>
            Selected:{' '}
            <span className="font-medium text-slate-900">
              {formatLongDate(date)} at {formatClock(time, timeZone)}
              {extra ? `, ${extra}` : ''}
            </span>
          </>
        ) : (
          'Choose a date and a time to continue.'
        )}
      </p>
      <Button onClick={onContinue} disabled={!date || !time}>
        Continue
      </Button>
    </div>
  );
}
