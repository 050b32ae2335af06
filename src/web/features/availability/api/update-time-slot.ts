import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeSlot } from '@contract/availability';
import { apiPut } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';
import type { TimeSlotInput } from './create-time-slot';

/** PUT /api/restaurant-time-slots/:id. */
export function useUpdateTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TimeSlotInput }) => apiPut<TimeSlot>(`/api/restaurant-time-slots/${id}`, input),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.timeSlots(businessId), ...staleAfterScheduleChange()]),
  });
}
