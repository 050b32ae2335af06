import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@contract/services';
import { apiPut } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from './invalidate';

export function useUpdateService(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ServiceInput }) => apiPut<Service>(`/api/services/${id}`, input),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['businesses', businessId, 'services']),
  });
}
