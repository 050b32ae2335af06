import type { Appointment } from '@contract/appointments';
import { formatPolicyMinutes } from '@contract/policies';
import { timeToMinutes } from '@contract/time';
import { wallClockAt } from '@/lib/business-time';

export interface AppointmentActions {
  reschedule: boolean;
  moveBack: boolean;
  cancel: boolean;
  /** Why moving is not offered, shown on the card; null when nothing needs saying. */
  note: string | null;
}

type Shown = Pick<Appointment, 'status'> & Partial<Pick<Appointment, 'date' | 'time' | 'timeZone' | 'cancelCutoffMinutes' | 'rescheduleCutoffMinutes' | 'swapMarket'>>;

/** Minutes from now to the start, on the business's wall clock (the server decides at a clock change). */
function minutesUntil(a: Shown, now: number): number | null {
  if (!a.date || !a.time || !a.timeZone) return null;
  const here = wallClockAt(now, a.timeZone);
  const days = Math.round((Date.parse(`${a.date}T00:00:00Z`) - Date.parse(`${here.date}T00:00:00Z`)) / 86_400_000);
  return days * 1440 + timeToMinutes(a.time) - timeToMinutes(here.time);
}

/**
 * What a customer may still do with one of their appointments, as the server allows it. A pending
 * reservation is the table a restaurant offer asks for (decision 10): it holds no seats and cannot
 * be moved or offered on until the offer is answered; cancelling it withdraws the offer. A
 * confirmed one follows the cut-offs it was booked under (DESIGN section 9), and offers only where
 * its business has the swap market on.
 */
export function appointmentActions(a: Shown, now: number = Date.now()): AppointmentActions {
  // A waitlist hold is claimed (or left) from the waitlist, not moved or cancelled.
  if (a.status === 'cancelled' || a.status === 'completed' || a.status === 'held') return { reschedule: false, moveBack: false, cancel: false, note: null };
  if (a.status === 'pending') {
    return { reschedule: false, moveBack: false, cancel: true, note: 'Waiting for the answer to your table offer: it can be moved once the offer is accepted.' };
  }
  const left = minutesUntil(a, now);
  const closed = (cutoff: number | null | undefined) => cutoff != null && left !== null && left < cutoff;
  const cancel = !closed(a.cancelCutoffMinutes);
  const reschedule = !closed(a.rescheduleCutoffMinutes);
  const notes: string[] = [];
  if (!cancel && !reschedule && a.cancelCutoffMinutes === a.rescheduleCutoffMinutes) {
    notes.push(`Cancelling and rescheduling closed ${formatPolicyMinutes(a.cancelCutoffMinutes!)} before the start: please contact the business.`);
  } else {
    if (!cancel) notes.push(`Free cancellation ended ${formatPolicyMinutes(a.cancelCutoffMinutes!)} before the start: please contact the business.`);
    if (!reschedule) notes.push(`Rescheduling closed ${formatPolicyMinutes(a.rescheduleCutoffMinutes!)} before the start.`);
  }
  return { reschedule, moveBack: a.swapMarket !== false, cancel, note: notes.length ? notes.join(' ') : null };
}
