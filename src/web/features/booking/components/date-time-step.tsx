import { ArrowLeft, Clock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { formatPrice } from '@contract/money';
import type { BusinessPolicies } from '@contract/policies';
import type { Service } from '@contract/services';
import { addDays } from '@contract/time';
import { Button } from '@/components/ui/button';
import { Calendar, formatLongDate, todayIso } from '@/components/ui/calendar';
import { useAvailableSlots, useNextOpenDay, useOpenDays } from '@/features/availability';
import { nextFreeByMember, useStaffAvailability, WhoChoice } from '@/features/staff';
import type { PublicStaffMember } from '@contract/staff';
import { useCanSkipTheLine } from '../hooks/use-can-skip-the-line';
import { EarlierTimePrompt } from './earlier-time-prompt';
import { NoSlots } from './no-slots';
import { useUser } from '@/features/auth';
import { JoinWaitlistForm } from '@/features/waitlist';

// Only loaded when someone opens it.
const QueueJumpDialog = lazy(() => import('@/features/offers').then((m) => ({ default: m.QueueJumpDialog })));
const LiveQueueStatusCard = lazy(() => import('@/features/queue').then((m) => ({ default: m.LiveQueueStatusCard })));
import { SelectionFooter } from './selection-footer';
import { TimeSlotGrid } from '@/components/ui/time-slot-grid';
import { RULES } from '@contract/rules';

/** The "who" choice of a business where two or more members give the service (null staffId: anyone). */
export interface Who {
  members: PublicStaffMember[];
  staffId: number | null;
  onChange: (staffId: number | null) => void;
}

/**
 * The day's free starts: anyone's (the plain slot list), or, with a member chosen, that member's own
 * (the availability asked with their staffId). Where there is a choice, also who is free when, for each
 * option's "next free" time.
 */
function useDaySlots(businessId: number, serviceId: number, date: string | null, who: Who | undefined) {
  const staffId = who?.staffId ?? null;
  const anyone = useAvailableSlots(date && staffId === null ? { businessId, date, serviceId } : null);
  const overview = useStaffAvailability(date && who ? { businessId, date, serviceId } : null);
  const theirs = useStaffAvailability(date && staffId !== null ? { businessId, date, serviceId, staffId } : null);
  const slots = staffId === null ? anyone : { data: theirs.data?.slots.map((s) => s.time), isLoading: theirs.isLoading, error: theirs.error, refetch: theirs.refetch };
  return { slots, nextFree: who ? nextFreeByMember(who.members, overview.data?.slots) : undefined };
}

/** Step 2: a day within the booking window, then one of its free start times (and, where there is a choice, with whom). */
export function DateTimeStep({ businessId, businessName, timeZone, policies, service, date, time, who, onDateChange, onTimeChange, onChangeService, onContinue }: {
  businessId: number;
  businessName: string;
  timeZone: string;
  /** The policies in effect for this service: how far ahead it books, whether offers are open. */
  policies: BusinessPolicies;
  service: Service;
  date: string | null;
  time: string | null;
  who?: Who;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  onChangeService: () => void;
  onContinue: () => void;
}) {
  const today = todayIso(timeZone);
  const { data: user } = useUser();
  const { slots, nextFree } = useDaySlots(businessId, service.id, date, who);
  const chosenMember = who?.members.find((m) => m.id === who.staffId);
  // A time carried over (from a link or a failed booking) counts only while it is still free.
  const chosen = time && slots.data?.includes(time) ? time : null;
  const [skipping, setSkipping] = useState(false);
  // The month on screen: its closed and full days are greyed out, from one request for the month.
  const [month, setMonth] = useState((date ?? today).slice(0, 7));
  const staffId = who?.staffId ?? null;
  const openDays = useOpenDays({ businessId, month, serviceId: service.id, staffId });
  const dayIsEmpty = !!date && slots.data !== undefined && slots.data.length === 0;
  const nextFreeDay = useNextOpenDay(dayIsEmpty ? { businessId, serviceId: service.id, staffId } : null, date);
  const canSkip = useCanSkipTheLine(businessId, date, policies.swapMarket, 'service', (slots.data?.length ?? 0) > 0);

  return (
    <section aria-labelledby="datetime-step-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3">
        <div>
          <p className="font-semibold text-slate-900">{service.name}</p>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <Clock className="size-3.5" aria-hidden="true" />
            {service.duration} minutes · {formatPrice(service.price)}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onChangeService}>
          <ArrowLeft aria-hidden="true" />
          Change service
        </Button>
      </div>
      <h2 id="datetime-step-title" className="text-lg font-semibold">
        Select date and time
      </h2>
      <div className="grid gap-6 md:grid-cols-[20rem_1fr]">
        <Calendar
          value={date}
          onChange={onDateChange}
          min={today}
          max={addDays(today, policies.maxAdvanceDays ?? RULES.serviceBookingWindowDays)}
          label="Appointment date"
          today={today}
          className="mx-auto md:mx-0"
          onMonthChange={setMonth}
          isDateDisabled={(d) => openDays !== undefined && d.startsWith(month) && !openDays.has(d)}
          disabledNote="no free times"
        />
        <div>
          {who && <WhoChoice members={who.members} staffId={who.staffId} nextFree={date ? nextFree : undefined} onChange={who.onChange} />}
          {date ? (
            <>
              <TimeSlotGrid
                query={slots}
                heading={
                  <>
                    Available times on {formatLongDate(date)}
                    {chosenMember ? ` with ${chosenMember.name}` : ''}
                  </>
                }
                timeZone={timeZone}
                selected={chosen}
                onSelect={onTimeChange}
                empty={
                  <NoSlots
                    message={chosenMember ? `${chosenMember.name} has no free time on this date` : 'No available slots for this date'}
                    nextFreeDay={nextFreeDay}
                    onJump={onDateChange}
                    onSkipTheLine={canSkip ? () => setSkipping(true) : undefined}
                    waitlist={<JoinWaitlistForm businessId={businessId} serviceId={service.id} staffId={staffId} date={date} timeZone={timeZone} signedIn={!!user} />}
                  />
                }
              />
              {/* Skipping the line is an offer: only where one can be made that day (useCanSkipTheLine). */}
              {canSkip && slots.data && slots.data.length > 0 && <EarlierTimePrompt onSkipTheLine={() => setSkipping(true)} />}
            </>
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">Pick a date to see the available times.</p>
          )}
        </div>
      </div>
      {date && chosen && (
        <Suspense fallback={null}>
          <LiveQueueStatusCard slot={{ businessId, serviceId: service.id, date, time: chosen }} timeZone={timeZone} />
        </Suspense>
      )}
      <SelectionFooter date={date} time={chosen} timeZone={timeZone} extra={chosenMember ? `with ${chosenMember.name}` : undefined} onContinue={onContinue} />
      {skipping && date && (
        <Suspense fallback={null}>
          <QueueJumpDialog businessId={businessId} businessName={businessName} timeZone={timeZone} serviceId={service.id} date={date} open onOpenChange={setSkipping} />
        </Suspense>
      )}
    </section>
  );
}
