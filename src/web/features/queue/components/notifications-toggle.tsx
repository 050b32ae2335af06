import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { liveSocket } from '@/features/live';
import { Button } from '@/components/ui/button';

const STORAGE_KEY = 'que.queue-notifications';

/** On: a toast whenever one of the user's own entries changes status live. Remembered per browser. */
export function NotificationsToggle() {
  const [on, setOn] = useState(() => localStorage.getItem(STORAGE_KEY) !== 'off');
  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
    if (!on) return;
    return liveSocket.onMessage((m) => {
      if (m.type !== 'queue_status_update' || !m.queueEntry.isMine) return;
      const e = m.queueEntry;
      toast({ title: e.status === 'called' ? "You're being called!" : `Queue ${e.status}`, description: `${e.businessName} · ${e.serviceName}` });
    });
  }, [on]);
  return (
    <Button variant="outline" size="sm" aria-pressed={on} onClick={() => setOn((v) => !v)}>
      {on ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
      Notifications {on ? 'on' : 'off'}
    </Button>
  );
}
