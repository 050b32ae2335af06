import type { QueueEntry } from '@contract/live';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/calendar';
import { formatClock } from '@/lib/business-time';
import { lineText } from '../lib/line-text';
import { describeWait } from '../lib/wait-text';
import { QueueProgress } from './queue-progress';
import { QueueStatusBadge } from './queue-status-badge';

/**
 * One of the user's active entries: where they stand and roughly how long is left. At a shop of
 * several staff members the position is in that member's line, and says so ("2nd in line for Marco").
 */
export function ActiveQueueCard({ entry, total }: { entry: QueueEntry; total: number }) {
  const line = lineText(entry);
  return (
    <Card data-testid="active-queue" className="space-y-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{entry.businessName}</p>
          <p className="text-sm text-slate-600">{entry.serviceName}</p>
          <p className="text-sm text-slate-600">
            {formatLongDate(entry.date)} · {formatClock(entry.time, entry.timeZone)}
          </p>
          {line && (
            <p className="text-sm font-medium text-brand-700" data-testid="queue-line">
              {line}
            </p>
          )}
        </div>
        <div className="shrink-0 text-right">
          <p className="text-xs text-slate-500">Position</p>
          <p className="text-2xl font-bold text-brand-700" data-testid="queue-position">
            #{entry.queuePosition ?? '–'}
          </p>
        </div>
      </div>
      <QueueProgress position={entry.queuePosition} total={total} label={`Progress in the queue at ${entry.businessName}`} />
      <div className="flex items-center justify-between text-sm">
        <QueueStatusBadge status={entry.status} />
        <span className="text-right text-slate-600" data-testid="queue-wait">Your turn {describeWait(entry)}</span>
      </div>
    </Card>
  );
}
