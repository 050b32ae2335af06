import { CalendarDays, Clock, UtensilsCrossed, Zap } from 'lucide-react';
import { Link } from 'react-router';
import type { EarliestAppointment } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import { Badge, EmptyState, Skeleton } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/calendar';
import { ErrorState } from '@/components/ui/error-state';
import { useEarliestAppointments } from '@/features/availability';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';

/** Restaurants open their reservation page, others the booking page, both prefilled with the slot. */
export function earliestLink(item: EarliestAppointment): string {
  if (item.business.businessType === 'restaurant') return `/restaurant/${item.business.id}?${new URLSearchParams({ date: item.date, time: item.time })}`;
  return `/book-appointment?${new URLSearchParams({ businessId: String(item.business.id), serviceId: String(item.service.id), date: item.date, time: item.time })}`;
}

function EarliestCard({ item, earliest }: { item: EarliestAppointment; earliest: boolean }) {
  const restaurant = item.business.businessType === 'restaurant';
  return (
    <Link
      to={earliestLink(item)}
      data-testid="earliest-card"
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
    >
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
  );
}

export function EarliestGrid() {
  const { data, isLoading, error, refetch } = useEarliestAppointments({ fresh: true });
  if (isLoading) {
    return (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading appointments">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-44 rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (error) return <ErrorState title="Error Loading Appointments" message={errorMessage(error, '')} onRetry={() => void refetch()} />;
  if (!data || data.length === 0) return <EmptyState title="No Available Appointments" description="All businesses are fully booked for the next week." />;
  // The 'Earliest' badge sits on the soonest slot whatever order the server used, and on every card tied with it.
  const startOf = (item: EarliestAppointment) => `${item.date} ${item.time}`;
  const sorted = [...data].sort((a, b) => startOf(a).localeCompare(startOf(b)));
  const soonest = startOf(sorted[0]);
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {sorted.map((item) => (
        <li key={`${item.business.id}-${item.service.id}`}>
          <EarliestCard item={item} earliest={startOf(item) === soonest} />
        </li>
      ))}
    </ul>
  );
}
