import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiPost } from '@/lib/api-client';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** POST /api/appointments/:id/complete: the service was given. */
export function useCompleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<Appointment>(`/api/appointments/${id}/complete`, {}),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
