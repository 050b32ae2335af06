import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@contract/services';
import { apiPut } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

/** PUT /api/services/:id. */
export function useUpdateService(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ServiceInput }) => apiPut<Service>(`/api/services/${id}`, input),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessServices(businessId), ...staleAfterScheduleChange()]),
  });
}
