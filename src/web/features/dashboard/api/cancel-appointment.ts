import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiPatch } from '@/lib/api-client';
import { invalidateAfterAppointmentChange } from './invalidate';

/** PATCH /api/appointments/:id {status:'cancelled'}, by the business. */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPatch<Appointment>(`/api/appointments/${id}`, { status: 'cancelled' }),
    onSettled: () => invalidateAfterAppointmentChange(queryClient),
  });
}
