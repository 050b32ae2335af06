import { lazy, Suspense, useState } from 'react';
import type { Business } from '@contract/businesses';
import { Calendar, formatLongDate, todayIso } from '@/components/ui/calendar';
import { Field, NativeSelect } from '@/components/ui/input';
import { useAvailableSlots, useNextOpenDay, useOpenDays } from '@/features/availability';
import { useCanSkipTheLine } from '../hooks/use-can-skip-the-line';
import { NoSlots } from './no-slots';
import { useUser } from '@/features/auth';
import { JoinWaitlistForm } from '@/features/waitlist';
import { SelectionFooter } from './selection-footer';
import { TimeSlotGrid } from '@/components/ui/time-slot-grid';

// Only loaded when someone opens it.
const RestaurantSkipDialog = lazy(() => import('@/features/offers').then((m) => ({ default: m.RestaurantSkipDialog })));

export const partySizes = (restaurant: Business) => Array.from({ length: restaurant.maxPartySize ?? 8 }, (_, i) => i + 1);

/** Step 1: any day from today on, the party size, then a free table time. */
export function RestaurantDateStep({ restaurant, serviceId, date, time, partySize, onChange, onContinue }: {
  restaurant: Business;
  serviceId: number | undefined;
  date: string | null;
  time: string | null;
  partySize: number;
  onChange: (patch: { date?: string; time?: string | null; partySize?: number }) => void;
  onContinue: () => void;
}) {
  const slots = useAvailableSlots(date ? { businessId: restaurant.id, date, serviceId, partySize } : null);
  const chosen = time && slots.data?.includes(time) ? time : null;
  const [skipping, setSkipping] = useState(false);
  const today = todayIso(restaurant.timeZone);
  const { data: user } = useUser();
  // The month on screen: its closed and full days (for this party) greyed out, from one request.
  const [month, setMonth] = useState((date ?? today).slice(0, 7));
  const openDays = useOpenDays({ businessId: restaurant.id, month, serviceId, partySize });
  const dayIsEmpty = !!date && slots.data !== undefined && slots.data.length === 0;
  const nextFreeDay = useNextOpenDay(dayIsEmpty ? { businessId: restaurant.id, serviceId, partySize } : null, date);
  const canSkip = useCanSkipTheLine(restaurant.id, dayIsEmpty ? date : null, restaurant.policies.swapMarket, 'restaurant');
  return (
    <section aria-labelledby="restaurant-date-title" className="space-y-5">
      <h2 id="restaurant-date-title" className="text-lg font-semibold">
        Choose date, party size and time
      </h2>
      <div className="grid gap-6 md:grid-cols-[20rem_1fr]">
        <div className="mx-auto w-full max-w-sm space-y-4 sm:max-w-80 md:mx-0">
          <Calendar
            value={date}
            onChange={(d) => onChange({ date: d, time: null })}
            min={today}
            today={today}
            label="Reservation date"
            onMonthChange={setMonth}
            isDateDisabled={(d) => openDays !== undefined && d.startsWith(month) && !openDays.has(d)}
            disabledNote="no free tables"
          />
          <Field id="party-size" label="Party size">
            <NativeSelect id="party-size" value={partySize} onChange={(e) => onChange({ partySize: Number(e.target.value), time: null })}>
              {partySizes(restaurant).map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'guest' : 'guests'}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div>
          {date ? (
            <>
              <TimeSlotGrid
                query={slots}
                heading={<>Available tables on {formatLongDate(date)}</>}
                timeZone={restaurant.timeZone}
                selected={chosen}
                onSelect={(t) => onChange({ time: t })}
                empty={
                  <NoSlots
                    message="No available tables for this date"
                    nextFreeDay={nextFreeDay}
                    onJump={(d) => onChange({ date: d, time: null })}
                    onSkipTheLine={canSkip ? () => setSkipping(true) : undefined}
                    waitlist={
                      serviceId !== undefined && (
                        <JoinWaitlistForm businessId={restaurant.id} serviceId={serviceId} partySize={partySize} date={date} timeZone={restaurant.timeZone} signedIn={!!user} />
                      )
                    }
                  />
                }
              />
            </>
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">Pick a date to see the available tables.</p>
          )}
        </div>
      </div>
      {skipping && date && (
        <Suspense fallback={null}>
          <RestaurantSkipDialog restaurant={restaurant} date={date} partySize={partySize} open onOpenChange={setSkipping} />
        </Suspense>
      )}
      <SelectionFooter date={date} time={chosen} timeZone={restaurant.timeZone} extra={`${partySize} ${partySize === 1 ? 'guest' : 'guests'}`} onContinue={onContinue} />
    </section>
  );
}
