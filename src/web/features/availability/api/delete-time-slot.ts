import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

/** DELETE /api/restaurant-time-slots/:id. */
export function useDeleteTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision?: StrandDecision }) => apiDelete(`/api/restaurant-time-slots/${id}${strandQuery(decision)}`),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.timeSlots(businessId), ...staleAfterScheduleChange()]),
  });
}
