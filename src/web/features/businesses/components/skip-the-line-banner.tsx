import { ArrowRight, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useEarliestAppointments } from '@/features/availability';
import { formatClock } from '@/lib/business-time';
import { earliestSlotLink, soonest } from './earliest-slot';
import { BANNER_ITEMS } from '@contract/first-pages';

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : dayFormat.format(d);
};

/** The banner needs the soonest slot; three, so a tie at the top is still decided here as the server sorts. */
export { BANNER_ITEMS };

/**
 * The 'Skip the line' banner; it adds the soonest free slot when that list loads, and stays useful when
 * it does not. It asks for the first three of the list, never the whole market (DESIGN section 10).
 * The slot is on its business's clock, named from another zone ("9:00 AM New York time").
 */
export function SkipTheLineBanner({ restaurantsOnly = false }: { restaurantsOnly?: boolean }) {
  const { data } = useEarliestAppointments({ limit: BANNER_ITEMS, type: restaurantsOnly ? 'restaurant' : undefined });
  const earliest = soonest(data, restaurantsOnly);
  return (
    <section aria-labelledby="skip-heading" className="flex flex-col gap-4 rounded-xl border border-amber-200 bg-gradient-to-r from-amber-50 to-orange-50 p-5 sm:flex-row sm:items-center">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-amber-400 text-slate-900 sm:flex">
        <Zap className="size-5" aria-hidden="true" />
      </span>
      <div className="flex-1">
        <h2 id="skip-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          <Zap className="size-4 text-amber-600 sm:hidden" aria-hidden="true" /> Skip the line
        </h2>
        <p className="text-sm text-slate-700">
          {restaurantsOnly ? 'Fully booked tonight? See the earliest free tables, or offer to swap for an earlier time.' : 'In a hurry? See the earliest free slots everywhere, or offer to swap for an earlier time.'}
        </p>
        {earliest && (
          <p className="mt-2 text-sm">
            <span className="text-slate-600">Earliest available: </span>
            <Link to={earliestSlotLink(earliest)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {earliest.business.businessName}
              {earliest.business.businessType === 'restaurant' ? '' : ` · ${earliest.service.serviceName}`}, {formatDay(earliest.date)} at {formatClock(earliest.time, earliest.business.timeZone)}
            </Link>
          </p>
        )}
      </div>
      <Button asChild variant="outline" className="border-amber-300 bg-white">
        <Link to="/quick-booking">
          See earliest slots <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}
