import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationsData } from '@/features/live/apply-live-message';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/notifications: the signed-in user's notifications and how many are unread. */
export const notificationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.notifications(),
    queryFn: () => apiGet<NotificationsData>('/api/notifications'),
    enabled,
  });

export const useNotifications = (enabled: boolean) => useQuery(notificationsQueryOptions(enabled));
