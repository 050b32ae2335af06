import { useQuery } from '@tanstack/react-query';
import { businessAppointmentsFilteredQueryOptions } from '@/features/appointments';
import { useUser } from '@/features/auth';

/**
 * Whether "Skip the line" can work on this day (issue 27: it was offered where no offer could be
 * made): the swap market on, someone else's confirmed appointment that day that takes offers, and,
 * at a service business, one of the viewer's own there that day later than it, or a free time left
 * to book first (an offer swaps two appointments: on a full day without one of your own it cannot
 * work; a restaurant's offer takes the other guest's table instead). Signed out: the day's list is
 * not readable, so no.
 */
export function useCanSkipTheLine(businessId: number, date: string | null, swapMarket: boolean, kind: 'service' | 'restaurant', dayHasFreeTimes = false): boolean {
  const { data: user } = useUser();
  const enabled = swapMarket && !!user && date !== null;
  const day = useQuery({ ...businessAppointmentsFilteredQueryOptions(businessId, { date: date ?? undefined }), enabled });
  if (!enabled || !day.data) return false;
  const others = day.data.filter((a) => !a.isMine && a.status === 'confirmed' && !a.blockOffers);
  if (kind === 'restaurant') return others.length > 0;
  const mine = day.data.filter((a) => a.isMine && a.status === 'confirmed').map((a) => a.time);
  const latest = mine.sort().at(-1);
  if (latest !== undefined) return others.some((a) => a.time < latest);
  return dayHasFreeTimes && others.length > 0;
}
