import { type BusinessPolicies, formatPolicyMinutes } from '@contract/policies';
import { timeToMinutes } from '@contract/time';
import { wallClockAt } from '@/lib/business-time';

/** Minutes from `now` to a start on the business's wall clock ("yyyy-MM-dd", "HH:mm"). */
export function minutesUntilStart(date: string, time: string, timeZone: string, now: number): number {
  const here = wallClockAt(now, timeZone);
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${here.date}T00:00:00Z`)) / 86_400_000);
  return days * 1440 + timeToMinutes(time) - timeToMinutes(here.time);
}

/**
 * What to tell a customer about to book a time that already starts inside a cut-off (issue 27: a
 * booking tonight under a 24 h cancel cut-off said "Free cancellation until 24 h before" and, once
 * made, could not be cancelled). A cancel cut-off without a reschedule cut-off also closes
 * rescheduling (the business's one line for both); null when nothing is closed yet.
 */
export function insideCutoffWarning(policies: Pick<BusinessPolicies, 'cancelCutoffMinutes' | 'rescheduleCutoffMinutes'>, date: string, time: string, timeZone: string, now: number): string | null {
  const left = minutesUntilStart(date, time, timeZone, now);
  const cancelCutoff = policies.cancelCutoffMinutes;
  const rescheduleCutoff = policies.rescheduleCutoffMinutes ?? cancelCutoff;
  const cancelClosed = cancelCutoff !== null && left < cancelCutoff;
  const rescheduleClosed = rescheduleCutoff !== null && left < rescheduleCutoff;
  if (cancelClosed && rescheduleClosed) {
    const cutoff = cancelCutoff === rescheduleCutoff ? `its ${formatPolicyMinutes(cancelCutoff)} cut-off` : 'its cut-offs';
    return `This time is already inside ${cutoff}: once booked, you cannot cancel or reschedule it online. To change it, contact the business.`;
  }
  if (cancelClosed) {
    return `This time is already inside the ${formatPolicyMinutes(cancelCutoff)} free-cancellation cut-off: once booked, you cannot cancel it online.${rescheduleCutoff === null ? ' You can still reschedule it.' : ` You can reschedule it until ${formatPolicyMinutes(rescheduleCutoff)} before.`}`;
  }
  if (rescheduleClosed) {
    return `This time is already inside the ${formatPolicyMinutes(rescheduleCutoff!)} rescheduling cut-off: once booked, you cannot reschedule it online.${cancelCutoff === null ? ' You can still cancel it.' : ` Free cancellation until ${formatPolicyMinutes(cancelCutoff)} before.`}`;
  }
  return null;
}
