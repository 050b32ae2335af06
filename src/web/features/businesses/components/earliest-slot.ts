import type { EarliestAppointment } from '@contract/appointments';

/** SPEC section 2: restaurants open the reservation page, others the prefilled booking page. */
export function earliestSlotLink(item: EarliestAppointment): string {
  if (item.business.businessType === 'restaurant') {
    return `/restaurant/${item.business.id}?${new URLSearchParams({ date: item.date, time: item.time })}`;
  }
  const params = new URLSearchParams({ businessId: String(item.business.id), serviceId: String(item.service.id), date: item.date, time: item.time });
  return `/book-appointment?${params}`;
}

/** The single soonest slot of the list (restaurants only when asked); tolerates a missing list. */
export function soonest(items: unknown, restaurantsOnly: boolean): EarliestAppointment | undefined {
  if (!Array.isArray(items)) return undefined;
  return (items as EarliestAppointment[])
    .filter((i) => !restaurantsOnly || i.business.businessType === 'restaurant')
    .reduce<EarliestAppointment | undefined>((best, i) => (!best || `${i.date} ${i.time}` < `${best.date} ${best.time}` ? i : best), undefined);
}
