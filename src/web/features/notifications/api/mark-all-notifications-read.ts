import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsData } from '@/features/live/apply-live-message';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ updated: number; unread: number }>('/api/notifications/read-all'),
    onMutate: () =>
      queryClient.setQueryData<NotificationsData>(queryKeys.notifications(), (old) => old && { notifications: old.notifications.map((n) => ({ ...n, read: true })), unread: 0 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
  });
}
