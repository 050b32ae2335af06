import { useBusinessEarliest } from '@/features/availability';

/**
 * The first day in the coming week on which the service (a restaurant's table service) has a free
 * start, so the date step opens on a day with times instead of an empty calendar. Asked of the
 * business alone, whatever the size of the market. Undefined while loading, when the service is not
 * known yet, or when nothing is free that week.
 */
export function useFirstFreeDate(businessId: number, serviceId: number | undefined): string | undefined {
  const earliest = useBusinessEarliest(businessId);
  if (serviceId === undefined) return undefined;
  return earliest.data?.find((item) => item.service.id === serviceId)?.date;
}
