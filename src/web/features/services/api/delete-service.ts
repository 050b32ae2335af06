import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

/** DELETE /api/services/:id. */
export function useDeleteService(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/services/${id}`),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessServices(businessId), ...staleAfterScheduleChange()]),
  });
}
