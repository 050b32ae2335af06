import { Megaphone } from 'lucide-react';
import type { QueueEntry } from '@contract/live';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { ConnectionStatus, useLiveConnection } from '@/features/live';
import { describeWait, isActive, QueueStatusBadge, useBusinessQueueToday, useCallQueueEntry } from '@/features/queue';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';

/** The owner's line today, in order: 'Call next' calls the first waiting customer, 'Call' any other. */
export function TodaysQueueTab({ businessId, today }: { businessId: number; today: string }) {
  const queue = useBusinessQueueToday(businessId);
  const state = useLiveConnection([{ businessId, date: today }]);
  const call = useCallQueueEntry();
  const entries = queue.data ?? [];
  const nextWaiting = entries.find((e) => e.status === 'waiting');

  const callEntry = (e: QueueEntry) =>
    call.mutate(e.id, {
      onSuccess: () => toast({ title: 'Customer Called', description: `#${e.queuePosition ?? ''} ${e.serviceName} at ${formatClock(e.time, e.timeZone)}` }),
      onError: (error) => toast({ title: 'Could not call customer', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  if (queue.isPending) return <Skeleton className="h-40" />;
  if (queue.error) return <ErrorState title="Error Loading Queue Data" message={errorMessage(queue.error, 'Failed to fetch queue entries')} onRetry={() => void queue.refetch()} />;

  return (
    <section aria-labelledby="todays-queue-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="todays-queue-title" className="text-lg font-semibold">Today's queue</h2>
          <ConnectionStatus state={state} />
        </div>
        <Button disabled={!nextWaiting || call.isPending} onClick={() => nextWaiting && callEntry(nextWaiting)}>
          <Megaphone aria-hidden="true" />
          Call next
        </Button>
      </div>
      {entries.length === 0 ? (
        <EmptyState title="No one in line today" description="Today's bookings appear here in order." />
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {entries.map((e) => (
            <li key={e.id} data-testid="owner-queue-entry" className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <span className="w-8 text-lg font-bold text-brand-700">{e.queuePosition ?? '–'}</span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{e.serviceName}</p>
                <p className="text-slate-600" data-testid="owner-queue-time">
                  {formatClock(e.time, e.timeZone)}
                  {isActive(e) && ` · expected ${describeWait(e)}`}
                </p>
              </div>
              <QueueStatusBadge status={e.status} />
              {e.status === 'waiting' && (
                <Button size="sm" variant="outline" disabled={call.isPending} onClick={() => callEntry(e)} aria-label={`Call ${e.serviceName} at ${formatClock(e.time, e.timeZone)}`}>
                  Call
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
