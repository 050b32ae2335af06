import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TimeSlot, timeSlotInputSchema } from '@contract/availability';
import { apiPost } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from './invalidate';

export type TimeSlotInput = z.output<typeof timeSlotInputSchema>;

export function useCreateTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeSlotInput) => apiPost<TimeSlot>('/api/restaurant-time-slots', input),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['time-slots', businessId]),
  });
}
