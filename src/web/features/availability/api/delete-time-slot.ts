import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from './invalidate';

export function useDeleteTimeSlot(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/restaurant-time-slots/${id}`),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['time-slots', businessId]),
  });
}
