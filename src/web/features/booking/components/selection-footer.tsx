import { formatTime12h } from '@contract/time';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';

/** The chosen day and time, said back before Continue; `extra` adds e.g. the party size. */
export function SelectionFooter({ date, time, extra, onContinue }: { date: string | null; time: string | null; extra?: string; onContinue: () => void }) {
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-600" aria-live="polite">
        {date && time ? (
          <>
            Selected:{' '}
            <span className="font-medium text-slate-900">
              {formatLongDate(date)} at {formatTime12h(time)}
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
