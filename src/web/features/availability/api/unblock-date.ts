import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from './invalidate';

export function useUnblockDate(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/business-availability/${id}`),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['blocked-dates', businessId]),
  });
}
