import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@contract/services';
import { apiPost } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from './invalidate';

export function useCreateService(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) => apiPost<Service>(`/api/businesses/${businessId}/services`, input),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['businesses', businessId, 'services']),
  });
}
