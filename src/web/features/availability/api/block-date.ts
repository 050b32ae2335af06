import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedDate } from '@contract/availability';
import { apiPost } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

/** POST /api/business-availability: close the business on one date. */
export function useBlockDate(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ...input }: { date: string; reason: string; decision?: StrandDecision }) =>
      apiPost<BlockedDate>(`/api/business-availability${strandQuery(decision)}`, { businessId, isAvailable: false, ...input }),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.blockedDates(businessId), ...staleAfterScheduleChange()]),
  });
}
