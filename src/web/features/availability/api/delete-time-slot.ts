import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

/** DELETE /api/restaurant-time-slots/:id. */
export function useDeleteTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/restaurant-time-slots/${id}`),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.timeSlots(businessId), ...staleAfterScheduleChange()]),
  });
}
