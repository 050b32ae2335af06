import { CalendarArrowUp, CalendarX, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';

/**
 * No free time that day (issue 27: it used to end at "skip the line", which could not work there).
 * The next day with a free time, as a button that jumps to it; "Skip the line" only where an offer can
 * be made (someone else's confirmed appointment that day that takes offers, the swap market on); and
 * the earliest openings elsewhere.
 */
export function NoSlots({ message, nextFreeDay, onJump, onSkipTheLine, waitlist }: {
  message: string;
  /** The next day with a free time: a string, null when there is none in sight, undefined while looking. */
  nextFreeDay?: string | null;
  onJump?: (date: string) => void;
  onSkipTheLine?: () => void;
  /** "Notify me if something opens" for this day (the waitlist, DESIGN section 11), beside the next free day. */
  waitlist?: React.ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-center sm:p-6" data-testid="no-slots">
      <CalendarX className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-2 font-medium text-slate-800">{message}</p>
      <div className="mt-4 flex flex-col items-center gap-3">
        {nextFreeDay && onJump ? (
          // A long date wraps on a phone instead of widening the page.
          <Button className="h-auto min-h-10 whitespace-normal py-2" onClick={() => onJump(nextFreeDay)}>
            <CalendarArrowUp aria-hidden="true" />
            Next free day: {formatLongDate(nextFreeDay)}
          </Button>
        ) : nextFreeDay === null ? (
          <p className="text-sm text-slate-600">No free times in the coming weeks.</p>
        ) : null}
        {waitlist}
        {onSkipTheLine && (
          <Button variant="outline" onClick={onSkipTheLine}>
            <Zap aria-hidden="true" />
            Skip the line
          </Button>
        )}
        {onSkipTheLine && <p className="text-xs text-slate-600">Offer someone booked that day to swap with you.</p>}
        <p className="text-sm text-slate-600">
          Want an earlier time?{' '}
          <Link to="/quick-booking" className="font-medium text-brand-600 hover:underline">
            See the earliest available appointments
          </Link>
        </p>
      </div>
    </div>
  );
}
