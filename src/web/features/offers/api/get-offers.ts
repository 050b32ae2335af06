import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@contract/offers';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/queue-jump-offers?forUser=: the signed-in user's incoming and outgoing offers. */
export const offersQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.offers(userId),
    queryFn: () => apiGet<Offer[]>(`/api/queue-jump-offers?forUser=${userId}`),
    staleTime: 0,
  });

export const useOffers = (userId: number) => useQuery(offersQueryOptions(userId));
