import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TimeSlot, timeSlotInputSchema } from '@contract/availability';
import { apiPost } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

export type TimeSlotInput = z.output<typeof timeSlotInputSchema>;

/** POST /api/restaurant-time-slots. */
export function useCreateTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeSlotInput) => apiPost<TimeSlot>('/api/restaurant-time-slots', input),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.timeSlots(businessId), ...staleAfterScheduleChange()]),
  });
}
