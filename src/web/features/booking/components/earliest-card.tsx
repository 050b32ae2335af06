import { CalendarDays, Clock, UtensilsCrossed, Zap } from 'lucide-react';
import { Link } from 'react-router';
import type { EarliestAppointment } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import { formatTime12h } from '@contract/time';
import { Badge } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/calendar';
import { earliestSlotLink, slotLink } from '@/features/businesses';
import { formatClock, zoneCityLabel, zoneNote } from '@/lib/business-time';

/**
 * The item's free starts that day (an availability search: those at or after the time asked, nearest
 * first), each a link straight into booking it, as the directory's next-free chips are. The times are
 * the business's clock: said on the card when the visitor's differs, or always when the list mixes zones.
 */
function FreeTimes({ item, mixedZones }: { item: EarliestAppointment; mixedZones: boolean }) {
  const times = item.times ?? [];
  if (times.length === 0) return null;
  const restaurant = item.business.businessType === 'restaurant';
  const zone = mixedZones ? `Times are ${zoneCityLabel(item.business.timeZone)}` : zoneNote(item.business.timeZone);
  const headingId = `free-times-${item.business.id}-${item.service.id}`;
  const what = restaurant ? `a table at ${item.business.businessName}` : `${item.service.serviceName} at ${item.business.businessName}`;
  return (
    <div className="border-t border-slate-100 px-5 pt-3 pb-4">
      <p id={headingId} className="text-xs text-slate-500">
        <span className="font-medium uppercase tracking-wide">{restaurant ? 'Free tables' : 'Free times'}</span>
        <span> · {formatLongDate(item.date)}</span>
        {zone && <span data-testid="earliest-zone"> · {zone}</span>}
      </p>
      <ul className="mt-1.5 flex flex-wrap gap-2" aria-labelledby={headingId}>
        {times.map((time) => (
          <li key={time}>
            <Link
              to={slotLink({ businessId: item.business.id, businessType: item.business.businessType, serviceId: item.service.id, date: item.date, time })}
              aria-label={`Book ${what}, ${formatLongDate(item.date)} ${formatClock(time, item.business.timeZone)}`}
              data-testid="earliest-time"
              className="flex min-h-11 min-w-[4.5rem] items-center justify-center rounded-lg border border-brand-100 bg-brand-50 px-2 text-sm font-semibold text-brand-700 transition-colors hover:border-brand-500 hover:bg-brand-100"
            >
              {formatTime12h(time)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One quick-booking card: the business and its first free start (one tap books it), then its free times. */
export function EarliestCard({ item, earliest, mixedZones }: { item: EarliestAppointment; earliest: boolean; mixedZones: boolean }) {
  const restaurant = item.business.businessType === 'restaurant';
  return (
    <div className="flex h-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-500 hover:shadow-md">
      <Link to={earliestSlotLink(item)} data-testid="earliest-card" className="group flex flex-1 flex-col rounded-xl p-5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900 group-hover:text-brand-700">{item.business.businessName}</p>
            <p className="text-sm break-words text-slate-600">{item.service.serviceName}</p>
          </div>
          {/* Both badges when both apply: the earliest restaurant is still recognisably a restaurant. */}
          <div className="flex shrink-0 flex-col items-end gap-1">
            {earliest && (
              <Badge variant="success">
                <Zap className="mr-1 size-3" aria-hidden="true" />
                Earliest
              </Badge>
            )}
            {(restaurant || !earliest) && (
              <Badge variant="secondary">
                {restaurant && <UtensilsCrossed className="mr-1 size-3" aria-hidden="true" />}
                {item.business.category}
              </Badge>
            )}
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div className="col-span-2 flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-brand-800">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            <dt className="sr-only">Earliest date and time</dt>
            <dd className="font-medium">
              {formatLongDate(item.date)} · {formatClock(item.time, item.business.timeZone)}
            </dd>
          </div>
          <div className="flex items-center gap-1.5 text-slate-600">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            <dt className="sr-only">Duration</dt>
            <dd>{item.duration} min</dd>
          </div>
          <div className="text-right">
            <dt className="sr-only">Price</dt>
            <dd className="font-semibold text-slate-900">{Number(item.service.price) === 0 && restaurant ? 'Free to reserve' : formatPrice(item.service.price)}</dd>
          </div>
        </dl>
        <span className="mt-4 text-sm font-medium text-brand-600">{restaurant ? 'Reserve this table →' : 'Book this slot →'}</span>
      </Link>
      <FreeTimes item={item} mixedZones={mixedZones} />
    </div>
  );
}
