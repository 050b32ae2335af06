import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueEntry } from '@contract/live';
import { applyLiveMessage } from '@/features/live';
import { apiPost } from '@/lib/api-client';

/** POST /api/queue/:entryId/call: the owner calls a waiting customer. */
export function useCallQueueEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => apiPost<QueueEntry>(`/api/queue/${entryId}/call`),
    // The answer is applied the way a pushed status change is, then the lists refetch.
    onSuccess: (entry) => applyLiveMessage(queryClient, { type: 'queue_status_update', queueEntry: entry }),
  });
}
