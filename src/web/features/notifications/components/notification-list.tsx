import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { type PagedQueryState, ShowMore } from '@/components/ui/show-more';
import type { NotificationPages } from '@/features/live';
import { formatInstant } from '@/lib/business-time';
import { unreadOf } from '../api/get-notifications';
import { cn } from '@/lib/cn';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** The bell's list, newest first a page at a time: click one to mark it read and follow its link; or mark them all read. */
export default function NotificationList({ data, loading, more, onNavigate }: { data: NotificationPages | undefined; loading: boolean; more: PagedQueryState; onNavigate: () => void }) {
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const list = data?.pages.flatMap((page) => page.body.notifications) ?? [];
  return (
    <div>
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" disabled={!unreadOf(data) || markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all read
        </Button>
      </div>
      {loading ? (
        <p className="p-4 text-sm text-slate-600">Loading…</p>
      ) : list.length === 0 ? (
        <p className="p-4 text-sm text-slate-600">No notifications yet.</p>
      ) : (
        <ul className="max-h-96 overflow-y-auto py-1">
          {list.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                data-testid="notification-item"
                className={cn('block w-full px-4 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none', !n.read && 'bg-brand-50/60')}
                onClick={() => {
                  if (!n.read) markRead.mutate(n.id);
                  onNavigate();
                  if (n.link) void navigate(n.link);
                }}
              >
                <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  {!n.read && <span role="img" aria-label="Unread" className="size-2 shrink-0 rounded-full bg-red-500" />}
                  {n.title}
                </span>
                <span data-testid="notification-body" className="mt-0.5 block text-sm text-slate-600">{n.body}</span>
                <span className="mt-0.5 block text-xs text-slate-600">{formatInstant(n.createdAt, n.timeZone)}</span>
              </button>
            </li>
          ))}
          {more.hasNextPage && (
            <li className="px-4 pb-2">
              <ShowMore query={more} label="Show older notifications" />
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
