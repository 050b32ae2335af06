import type { EarliestAppointment } from '@contract/appointments';

/** A free start of a business's service, as a link opens it. */
export interface SlotTarget {
  businessId: number;
  businessType: 'service' | 'restaurant';
  serviceId: number;
  date: string;
  time: string;
}

/**
 * SPEC section 2: restaurants open the reservation page at the date and time, others the booking page
 * with the service, date and time preselected (it skips to the details step). One tap from any list.
 */
export function slotLink({ businessId, businessType, serviceId, date, time }: SlotTarget): string {
  if (businessType === 'restaurant') return `/restaurant/${businessId}?${new URLSearchParams({ date, time })}`;
  return `/book-appointment?${new URLSearchParams({ businessId: String(businessId), serviceId: String(serviceId), date, time })}`;
}

export const earliestSlotLink = (item: EarliestAppointment): string =>
  slotLink({ businessId: item.business.id, businessType: item.business.businessType, serviceId: item.service.id, date: item.date, time: item.time });

/** The single soonest slot of the list (restaurants only when asked); tolerates a missing list. */
export function soonest(items: unknown, restaurantsOnly: boolean): EarliestAppointment | undefined {
  if (!Array.isArray(items)) return undefined;
  return (items as EarliestAppointment[])
    .filter((i) => !restaurantsOnly || i.business.businessType === 'restaurant')
    .reduce<EarliestAppointment | undefined>((best, i) => (!best || `${i.date} ${i.time}` < `${best.date} ${best.time}` ? i : best), undefined);
}
