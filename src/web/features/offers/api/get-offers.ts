import { useInfiniteQuery } from '@tanstack/react-query';
import type { Offer } from '@contract/offers';
import { pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/queue-jump-offers?forUser=: the signed-in user's incoming and outgoing offers, newest first, a page at a time. */
export const offersQueryOptions = (userId: number) => ({
  ...pagedQueryOptions<Offer[]>(queryKeys.offers(userId), `/api/queue-jump-offers?forUser=${userId}`),
  staleTime: 0,
});

export const useOffers = (userId: number) => useInfiniteQuery(offersQueryOptions(userId));
