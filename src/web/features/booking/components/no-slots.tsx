import { CalendarX, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** No free time that day: skip the line (an offer to someone booked earlier), or the earliest openings elsewhere. */
export function NoSlots({ message, onSkipTheLine }: { message: string; onSkipTheLine?: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
      <CalendarX className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-2 font-medium text-slate-800">{message}</p>
      <p className="mt-1 text-sm text-slate-600">Try another date, or skip the line.</p>
      <div className="mt-4 flex flex-col items-center gap-3">
        {onSkipTheLine ? (
          <Button onClick={onSkipTheLine}>
            <Zap aria-hidden="true" />
            Skip the line
          </Button>
        ) : (
          <Button asChild>
            <Link to="/quick-booking">
              <Zap aria-hidden="true" />
              Skip the line
            </Link>
          </Button>
        )}
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
