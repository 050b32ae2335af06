import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@contract/services';
import { apiPost } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

// The business too: whether it is listed follows its services (issue 27).
/** POST /api/businesses/:id/services. */
export function useCreateService(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) => apiPost<Service>(`/api/businesses/${businessId}/services`, input),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessServices(businessId), queryKeys.business(businessId), ...staleAfterScheduleChange()]),
  });
}
