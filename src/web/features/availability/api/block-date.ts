import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedDate } from '@contract/availability';
import { apiPost } from '@/lib/api-client';
import { invalidateAfterScheduleChange } from './invalidate';

export function useBlockDate(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { date: string; reason: string }) => apiPost<BlockedDate>('/api/business-availability', { businessId, isAvailable: false, ...input }),
    onSettled: () => invalidateAfterScheduleChange(queryClient, ['blocked-dates', businessId]),
  });
}
