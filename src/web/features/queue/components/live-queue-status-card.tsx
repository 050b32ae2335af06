import { Pause, Play, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, Skeleton } from '@/components/ui/card';
import { ConnectionStatus, useLiveConnection } from '@/features/live';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';
import type { SlotQueueQuery } from '@/lib/query-keys';
import { useSlotQueue } from '../api/get-slot-queue';
import { queueStats } from '../lib/queue-list';
import { formatWaitLength } from '../lib/wait-text';

/**
 * The booking page's live queue for the chosen slot (its time on the business's clock, `timeZone`);
 * live updates and refetching can be paused.
 */
export default function LiveQueueStatusCard({ slot, timeZone }: { slot: SlotQueueQuery; timeZone: string }) {
  const [paused, setPaused] = useState(false);
  const queue = useSlotQueue(slot, paused);
  const state = useLiveConnection([{ businessId: slot.businessId, date: slot.date }], !paused);
  const stats = queueStats(queue.data ?? []);
  return (
    <Card data-testid="live-queue-status" className="p-4" aria-labelledby="live-queue-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="live-queue-title" className="flex items-center gap-2 font-semibold">
          <Users className="size-4 text-brand-600" aria-hidden="true" />
          Live queue status
        </h3>
        <div className="flex items-center gap-2">
          {paused ? <span className="text-xs font-medium text-amber-700">Paused</span> : <ConnectionStatus state={state} />}
          <Button variant="ghost" size="sm" onClick={() => {
              // Resuming catches up on whatever changed while paused.
              if (paused) void queue.refetch();
              setPaused(!paused);
            }} aria-pressed={paused}>
            {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {paused ? 'Resume live updates' : 'Pause live updates'}
          </Button>
        </div>
      </div>
      {queue.isPending && !paused ? (
        <Skeleton className="mt-3 h-10" />
      ) : queue.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">{errorMessage(queue.error, 'Failed to fetch queue data')}</p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-600">In line that day</dt>
              <dd className="text-xl font-bold" data-testid="slot-queue-count">{stats.activeCount}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Avg wait</dt>
              {/* Only a line today has a wait; a later day's bookings simply start at their times. */}
              <dd className="text-xl font-bold">{stats.avgWait === null ? 'None today' : formatWaitLength(stats.avgWait)}</dd>
            </div>
          </dl>
          {/* outside the <dl>: a description list may hold only name/value groups */}
          <p className="mt-3 text-xs text-slate-500">For {slot.time ? formatClock(slot.time, timeZone) : 'this slot'}; updates as others book and cancel.</p>
        </>
      )}
    </Card>
  );
}
