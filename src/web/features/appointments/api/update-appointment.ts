import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@contract/appointments';
import { apiPatch } from '@/lib/api-client';
import { invalidateKeys, staleAfterAppointmentChange } from '@/lib/query-keys';

/** staffId on a move: that member by name, null for anyone free; absent, as it was booked. */
export type AppointmentChange = { status: 'cancelled' } | { date: string; time: string; staffId?: number | null };

/** PATCH /api/appointments/:id: cancel (by the customer or the business) or move to another time. */
export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: AppointmentChange }) => apiPatch<Appointment>(`/api/appointments/${id}`, change),
    onSettled: () => invalidateKeys(queryClient, staleAfterAppointmentChange()),
  });
}
