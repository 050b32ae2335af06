import type { QueueEntry } from '@contract/live';
import { formatLongDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import { QueueStatusBadge } from './queue-status-badge';

/** Up to 5 finished entries (served or cancelled). */
export function RecentActivity({ entries }: { entries: QueueEntry[] }) {
  return (
    <section aria-labelledby="recent-activity-title" className="space-y-3">
      <h2 id="recent-activity-title" className="text-lg font-semibold">Recent Activity</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing finished yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {entries.map((e) => (
            <li key={e.id} data-testid="recent-entry" className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium">{e.businessName} · {e.serviceName}</p>
                <p className="text-slate-600">{formatLongDate(e.date)} · {formatClock(e.time, e.timeZone)}</p>
              </div>
              <QueueStatusBadge status={e.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
