import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiPost } from '@/lib/api-client';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** POST /api/appointments/:id/no-show: the customer did not come (DESIGN section 11; from 15 minutes after the start). */
export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<Appointment>(`/api/appointments/${id}/no-show`, {}),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
