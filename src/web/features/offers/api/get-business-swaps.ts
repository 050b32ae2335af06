import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessSwap } from '@contract/offers';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/businesses/:id/swaps: for the owner, which appointments traded places and whether escrow is held. */
export const businessSwapsQueryOptions = (businessId: number) =>
  queryOptions({
    queryKey: queryKeys.businessSwaps(businessId),
    queryFn: () => apiGet<BusinessSwap[]>(`/api/businesses/${businessId}/swaps`),
    staleTime: 0,
  });

export const useBusinessSwaps = (businessId: number) => useQuery(businessSwapsQueryOptions(businessId));

/** appointment id -> the swap it belongs to. */
export function swapsByAppointment(swaps: BusinessSwap[] | undefined): Map<number, BusinessSwap> {
  return new Map((swaps ?? []).flatMap((s) => s.appointmentIds.map((id) => [id, s] as const)));
}
