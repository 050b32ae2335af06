import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from './invalidate';

export function useDeleteService(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/services/${id}`),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['businesses', businessId, 'services']),
  });
}
