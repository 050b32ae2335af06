import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationPages, NotificationsData } from '@/features/live';
import { pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/notifications: the signed-in user's notifications, newest first, a page at a time, and how
 * many of all of them are unread (counted by the server, so the bell is right whatever is loaded).
 */
export const notificationsQueryOptions = (enabled: boolean) => ({
  ...pagedQueryOptions<NotificationsData>(queryKeys.notifications(), '/api/notifications?limit=20'),
  enabled,
});

export const useNotifications = (enabled: boolean) => useInfiniteQuery(notificationsQueryOptions(enabled));

/** The unread count of all of them: the server's latest word, which every cache update writes to each page. */
export const unreadOf = (data: NotificationPages | undefined) => data?.pages.at(-1)?.body.unread ?? 0;
