import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@contract/offers';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/appointments/:id/offers: the live offers and the accepted ones still in escrow tied to one
 * of the user's appointments, read when its cancel dialog opens (never the whole offer history).
 */
export const appointmentOffersQueryOptions = (appointmentId: number) =>
  queryOptions({
    queryKey: queryKeys.appointmentOffers(appointmentId),
    queryFn: () => apiGet<Offer[]>(`/api/appointments/${appointmentId}/offers`),
    staleTime: 0,
  });

export const useAppointmentOffers = (appointmentId: number) => useQuery(appointmentOffersQueryOptions(appointmentId));
