import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPages } from '@/features/live';
import { apiPost } from '@/lib/api-client';
import { mapPages } from '@/lib/paged-query';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/notifications/read-all: every loaded page shows them read at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ updated: number; unread: number }>('/api/notifications/read-all'),
    onMutate: () =>
      queryClient.setQueryData<NotificationPages>(queryKeys.notifications(), (old) =>
        old && mapPages(old, (page) => ({ notifications: page.notifications.map((n) => ({ ...n, read: true })), unread: 0 })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
  });
}
