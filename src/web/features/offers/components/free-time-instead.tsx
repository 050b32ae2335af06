import { CalendarCheck } from 'lucide-react';
import type { Appointment } from '@contract/appointments';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useUpdateAppointment } from '@/features/appointments';
import { useAvailableSlots } from '@/features/availability';
import { useStaffAvailability } from '@/features/staff';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';

/**
 * The free times the customer's own appointment could move to that day, for nothing: the same
 * service and, when they chose a member by name, that member's (issue 27: a customer paid $45 to
 * move from 2:00 PM to 10:00 AM while 9:00 and 9:30 with the same barber were free).
 */
function useFreeTimes(mine: Appointment): string[] | undefined {
  const member = mine.staffRequested && mine.staffId !== null ? mine.staffId : undefined;
  const anyone = useAvailableSlots(member === undefined ? { businessId: mine.businessId, date: mine.date, serviceId: mine.serviceId } : null);
  const theirs = useStaffAvailability(member !== undefined ? { businessId: mine.businessId, date: mine.date, serviceId: mine.serviceId, staffId: member } : null);
  return member === undefined ? anyone.data : theirs.data?.slots.map((s) => s.time);
}

/**
 * Shown before a paid offer is made, where a free time is at least as good: for skipping the line an
 * earlier one (no later than the slot the offer would buy, `atMost`), for Move Back a later one the
 * same day. One tap reschedules there, and the dialog closes.
 */
export function FreeTimeInstead({ mine, want, atMost, onMoved }: { mine: Appointment; want: 'earlier' | 'later'; atMost?: string; onMoved: () => void }) {
  const free = useFreeTimes(mine);
  const update = useUpdateAppointment();
  if (mine.businessType === 'restaurant' || !free) return null;
  const time = want === 'earlier' ? free.find((t) => t < mine.time && (atMost === undefined || t <= atMost)) : free.find((t) => t > mine.time);
  if (!time) return null;
  const clock = formatClock(time, mine.timeZone);
  // mutateAsync, not mutate's callbacks: the list this sits in refetches when the move lands, and a
  // callback of a component that went away meanwhile would never run.
  const move = async () => {
    try {
      await update.mutateAsync({ id: mine.id, change: { date: mine.date, time } });
    } catch (error) {
      toast({ title: 'Reschedule Failed', description: errorMessage(error, 'That time was just taken. Please try again.'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Appointment Rescheduled', description: `Moved to ${clock} at no cost.` });
    onMoved();
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid="free-time-instead">
      <p className="text-emerald-900">
        <span className="font-semibold">{clock} is free</span>
        {mine.staffRequested && mine.staffName ? ` with ${mine.staffName}` : ''}: move there at no cost.
      </p>
      <Button size="sm" onClick={() => void move()} disabled={update.isPending}>
        <CalendarCheck aria-hidden="true" />
        {update.isPending ? 'Moving…' : `Move to ${clock}`}
      </Button>
    </div>
  );
}
