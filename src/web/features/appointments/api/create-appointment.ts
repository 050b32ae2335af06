import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, CreateAppointmentInput } from '@contract/appointments';
import { apiPost } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** POST /api/appointments: book an appointment or reserve a table. */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppointmentInput) => apiPost<Appointment>('/api/appointments', input),
    // A first booking also fills the profile's empty name and phone, which prefill the next one.
    onSettled: () => invalidateKeys(queryClient, [...staleAfterAppointmentChange(), queryKeys.user()]),
  });
}
