import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiPatch } from '@/lib/api-client';

/** Cancelling or moving an appointment changes lists, free slots and (for a cancel) credit. */
const staleAfterChange = [['appointments'], ['available-slots'], ['credits'], ['earliest-appointments'], ['restaurant-reservations']];

export type AppointmentChange = { status: 'cancelled' } | { date: string; time: string };

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AppointmentChange }) => apiPatch<Appointment>(`/api/appointments/${id}`, change),
    onSettled: () => Promise.all(staleAfterChange.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
