import type { QueryClient } from '@tanstack/react-query';

const invalidateAll = (queryClient: QueryClient, keys: unknown[][]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** A completed or cancelled appointment changes lists, free slots, queues and credit. */
export const invalidateAfterAppointmentChange = (queryClient: QueryClient) =>
  invalidateAll(queryClient, [['appointments'], ['available-slots'], ['credits'], ['earliest-appointments'], ['restaurant-reservations']]);

/** Services, hours, blocked dates and time slots all change which slots are free. */
export const invalidateAfterScheduleChange = (queryClient: QueryClient, extra: unknown[]) =>
  invalidateAll(queryClient, [extra, ['available-slots'], ['earliest-appointments']]);
