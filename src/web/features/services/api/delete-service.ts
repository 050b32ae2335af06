import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

// The business too: whether it is listed follows its services (issue 27).
/** DELETE /api/services/:id. */
export function useDeleteService(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision?: StrandDecision }) => apiDelete(`/api/services/${id}${strandQuery(decision)}`),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessServices(businessId), queryKeys.business(businessId), ...staleAfterScheduleChange()]),
  });
}
