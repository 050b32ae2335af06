import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

/** DELETE /api/business-availability/:id: open a blocked date again. */
export function useUnblockDate(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete(`/api/business-availability/${id}`),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.blockedDates(businessId), ...staleAfterScheduleChange()]),
  });
}
