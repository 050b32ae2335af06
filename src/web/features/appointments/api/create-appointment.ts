import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, CreateAppointmentInput } from '@contract/appointments';
import { apiPost } from '@/lib/api-client';

/** Everything a new or changed appointment makes stale. */
export const bookingQueryKeys = [['appointments'], ['available-slots'], ['credits'], ['earliest-appointments'], ['restaurant-reservations']];

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppointmentInput) => apiPost<Appointment>('/api/appointments', input),
    onSettled: () => Promise.all(bookingQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
