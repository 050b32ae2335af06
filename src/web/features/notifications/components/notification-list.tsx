import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import type { NotificationsData } from '@/features/live/apply-live-message';
import { cn } from '@/lib/cn';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The bell's list: click one to mark it read and follow its link; or mark them all read. */
export default function NotificationList({ data, loading, onNavigate }: { data: NotificationsData | undefined; loading: boolean; onNavigate: () => void }) {
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const list = data?.notifications ?? [];
  return (
    <div>
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" disabled={!data?.unread || markAll.isPending} onClick={() => markAll.mutate()}>
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
                <span className="mt-0.5 block text-sm text-slate-600">{n.body}</span>
                <span className="mt-0.5 block text-xs text-slate-600">{when(n.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
