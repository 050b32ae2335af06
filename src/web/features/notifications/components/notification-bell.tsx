import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useUser } from '@/features/auth';
import { unreadOf, useNotifications } from '../api/get-notifications';
import { bellClass, SignedOutBell } from '@/components/ui/signed-out-bell';

// The popover, the list and the live socket are their own chunks: the first load carries only the count.
const NotificationPopover = lazy(() => import('./notification-popover'));

const bellLabel = (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications');

function UnreadCount({ unread }: { unread: number }) {
  return (
    <span data-testid="notification-dot" className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white">
      <span data-testid="notification-count">{unread > 99 ? '99+' : unread}</span>
    </span>
  );
}

/** Signed in: the red dot carries the unread count; the bell opens the list. */
export function NotificationBell() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const notifications = useNotifications(!!user);
  const userId = user?.id;
  // A tap on the bell before the popover's chunk has loaded is kept, and the list opens once it has:
  // on a slow phone the placeholder bell must not swallow the tap.
  const [openOnLoad, setOpenOnLoad] = useState(false);

  useEffect(() => {
    if (userId === undefined) return;
    let release: (() => void) | undefined;
    let gone = false;
    void import('@/features/live').then(({ retainForUser }) => {
      if (!gone) release = retainForUser(queryClient, userId);
    });
    return () => {
      gone = true;
      release?.();
    };
  }, [queryClient, userId]);

  if (!user) return <SignedOutBell />;
  const unread = unreadOf(notifications.data);
  const plain = (
    <button type="button" className={bellClass} aria-label={bellLabel(unread)} onClick={() => setOpenOnLoad(true)}>
      <Bell className="size-5" />
      {unread > 0 && <UnreadCount unread={unread} />}
    </button>
  );
  return (
    <Suspense fallback={plain}>
      <NotificationPopover initiallyOpen={openOnLoad} trigger={{ className: bellClass, label: bellLabel(unread), children: <><Bell className="size-5" />{unread > 0 && <UnreadCount unread={unread} />}</> }} data={notifications.data} loading={notifications.isPending} more={notifications} />
    </Suspense>
  );
}
