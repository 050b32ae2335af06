import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeSlot } from '@contract/availability';
import { apiPut } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';
import type { TimeSlotInput } from './create-time-slot';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

/** PUT /api/restaurant-time-slots/:id. */
export function useUpdateTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, decision }: { id: number; input: TimeSlotInput; decision?: StrandDecision }) => apiPut<TimeSlot>(`/api/restaurant-time-slots/${id}${strandQuery(decision)}`, input),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.timeSlots(businessId), ...staleAfterScheduleChange()]),
  });
}
