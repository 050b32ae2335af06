import { useEarliestAppointments } from '@/features/availability/api/get-earliest-appointments';

/**
 * The first day a restaurant has a free table (from the shared earliest-slots listing, which looks a
 * week ahead), so its page opens on a day that has tables instead of an empty calendar. Undefined
 * while loading or when nothing is free that week.
 */
export function useFirstFreeDate(restaurantId: number): string | undefined {
  const earliest = useEarliestAppointments();
  return earliest.data?.find((item) => item.business.id === restaurantId)?.date;
}
