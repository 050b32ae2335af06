// Relative imports: this file is also loaded by the unit tests, which run without the '@' aliases.

import type { Service } from '../../../../contract/services';
import { TIME_PATTERN, addDays, isValidDate } from '../../../../contract/time';
import { RULES } from '../../../../contract/rules';

export interface BookingPrefill {
  serviceId: number | null;
  date: string | null;
  time: string | null;
  /** A member asked for by the link (or kept across a login); used only where the service has a choice of staff. */
  staffId?: number | null;
}

export interface BookingStart {
  step: 1 | 2 | 3;
  service: Service | null;
  date: string | null;
  time: string | null;
}

/**
 * SPEC: a link with serviceId/date/time preselects the service and skips as far ahead as it
 * allows. A date outside today..today+30 (the business's today) or a malformed time is ignored.
 */
export function bookingStart(services: Service[], prefill: BookingPrefill, today: string): BookingStart {
  const date = prefill.date && isValidDate(prefill.date) && prefill.date >= today && prefill.date <= addDays(today, RULES.serviceBookingWindowDays) ? prefill.date : null;
  const time = date && prefill.time && TIME_PATTERN.test(prefill.time) ? prefill.time : null;
  const service = services.find((s) => s.id === prefill.serviceId) ?? null;
  return { step: !service ? 1 : date && time ? 3 : 2, service, date, time };
}

/** Restaurants: any day from today on; with both a date and a time the flow opens at the details. */
export function reservationStart(prefill: { date: string | null; time: string | null }, today: string) {
  const date = prefill.date && isValidDate(prefill.date) && prefill.date >= today ? prefill.date : null;
  const time = date && prefill.time && TIME_PATTERN.test(prefill.time) ? prefill.time : null;
  return { step: (date && time ? 2 : 1) as 1 | 2, date, time };
}
