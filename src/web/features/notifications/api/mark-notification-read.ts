import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@contract/live';
import type { NotificationsData } from '@/features/live/apply-live-message';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/notifications/:id/read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<Notification>(`/api/notifications/${id}/read`),
    onMutate: (id) =>
      queryClient.setQueryData<NotificationsData>(queryKeys.notifications(), (old) =>
        old && { notifications: old.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)), unread: Math.max(0, old.unread - (old.notifications.some((n) => n.id === id && !n.read) ? 1 : 0)) },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
  });
}
