import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedDate } from '@contract/availability';
import { apiPost } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

/** POST /api/business-availability: close the business on one date. */
export function useBlockDate(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { date: string; reason: string }) => apiPost<BlockedDate>('/api/business-availability', { businessId, isAvailable: false, ...input }),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.blockedDates(businessId), ...staleAfterScheduleChange()]),
  });
}
