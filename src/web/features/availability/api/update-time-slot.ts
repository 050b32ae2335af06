import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeSlot } from '@contract/availability';
import { apiPut } from '@/lib/api-client';
import type { TimeSlotInput } from './create-time-slot';
import { invalidateAfterScheduleChange } from './invalidate';

export function useUpdateTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: TimeSlotInput }) => apiPut<TimeSlot>(`/api/restaurant-time-slots/${id}`, input),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['time-slots', businessId]),
  });
}
