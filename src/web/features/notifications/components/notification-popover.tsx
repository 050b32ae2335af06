import * as Popover from '@radix-ui/react-popover';
import { type ReactNode, useState } from 'react';
import type { PagedQueryState } from '@/components/ui/show-more';
import type { NotificationPages } from '@/features/live';
import NotificationList from './notification-list';

/** The bell as a popover: Escape or a click outside closes it; focus returns to the bell. */
export default function NotificationPopover({ trigger, data, loading, more, initiallyOpen = false }: { trigger: { className: string; label: string; children: ReactNode }; data: NotificationPages | undefined; loading: boolean; more: PagedQueryState; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={trigger.className} aria-label={trigger.label}>
        {trigger.children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-xl"
          // A toast raised while the list is open (a live "You're being called!") becomes Radix's top layer
          // and takes Escape for itself; Escape pressed inside the list still closes the list.
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <NotificationList data={data} loading={loading} more={more} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
