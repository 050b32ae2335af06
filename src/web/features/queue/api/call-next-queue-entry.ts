import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueEntry } from '@contract/live';
import { applyLiveMessage } from '@/features/live';
import { apiPost } from '@/lib/api-client';

/**
 * POST /api/queue/business/:businessId/call-next: the owner calls today's next waiting customer, of
 * one staff member's line when `staffId` is given (null: the business's next, whoever serves them).
 */
export function useCallNextQueueEntry(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number | null) => apiPost<QueueEntry>(`/api/queue/business/${businessId}/call-next`, staffId === null ? {} : { staffId }),
    // The answer is applied the way a pushed status change is, then the lists refetch.
    onSuccess: (entry) => applyLiveMessage(queryClient, { type: 'queue_status_update', queueEntry: entry }),
  });
}
