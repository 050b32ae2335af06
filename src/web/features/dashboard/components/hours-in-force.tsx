import { Skeleton } from '@/components/ui/card';
import { useBusinessHours, useTimeSlots } from '@/features/availability';
import { errorMessage } from '@/lib/api-client';
import { type DayLine, weekFromHours, weekFromTimeSlots } from '../lib/weekly-hours';

function Week({ lines }: { lines: DayLine[] }) {
  return (
    <ul className="grid gap-0.5" aria-label="Weekly hours">
      {lines.map((l) => (
        <li key={l.day} className="grid grid-cols-[6.5rem_1fr] gap-2">
          <span className="font-medium text-slate-700">{l.day}</span>
          <span className={l.hours ? 'text-slate-900' : 'text-slate-500'}>{l.hours ?? 'Closed'}</span>
        </li>
      ))}
    </ul>
  );
}

function Loading({ error }: { error: unknown }) {
  return error ? <p className="text-red-600">Could not load the hours: {errorMessage(error, 'please try again')}</p> : <Skeleton className="h-32" />;
}

function ServiceWeek({ businessId }: { businessId: number }) {
  const hours = useBusinessHours(businessId);
  return hours.data ? <Week lines={weekFromHours(hours.data.hours)} /> : <Loading error={hours.error} />;
}

function RestaurantWeek({ businessId }: { businessId: number }) {
  const slots = useTimeSlots(businessId);
  return slots.data ? <Week lines={weekFromTimeSlots(slots.data)} /> : <Loading error={slots.error} />;
}

/**
 * The week customers can actually book: weekly hours for a service business, active time slots for
 * a restaurant. The same queries as the Availability and Time Slots tabs, so a save there shows here.
 */
export function HoursInForce({ businessId, restaurant }: { businessId: number; restaurant: boolean }) {
  return restaurant ? <RestaurantWeek businessId={businessId} /> : <ServiceWeek businessId={businessId} />;
}
