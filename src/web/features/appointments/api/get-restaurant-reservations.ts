import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { restaurantReservationSchema } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RestaurantReservation = z.infer<typeof restaurantReservationSchema>;

/** GET /api/restaurant-reservations?restaurantId=&date=: the day's tables (party size, seating; whose only if mine). */
export const restaurantReservationsQueryOptions = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: queryKeys.restaurantReservations(restaurantId, date),
    queryFn: () => apiGet<RestaurantReservation[]>(`/api/restaurant-reservations?restaurantId=${restaurantId}&date=${date}`),
    staleTime: 0,
  });

export const useRestaurantReservations = (restaurantId: number, date: string) => useQuery(restaurantReservationsQueryOptions(restaurantId, date));
