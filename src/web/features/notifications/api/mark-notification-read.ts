import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@contract/live';
import type { NotificationPages } from '@/features/live';
import { apiPost } from '@/lib/api-client';
import { mapPages } from '@/lib/paged-query';
import { queryKeys } from '@/lib/query-keys';
import { unreadOf } from './get-notifications';

/** POST /api/notifications/:id/read: shown read at once, on whichever page it is, and one fewer unread. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<Notification>(`/api/notifications/${id}/read`),
    onMutate: (id) =>
      queryClient.setQueryData<NotificationPages>(queryKeys.notifications(), (old) => {
        if (!old) return old;
        const wasUnread = old.pages.some((page) => page.body.notifications.some((n) => n.id === id && !n.read));
        const unread = Math.max(0, unreadOf(old) - (wasUnread ? 1 : 0));
        return mapPages(old, (page) => ({ notifications: page.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)), unread }));
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
  });
}
