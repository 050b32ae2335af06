import { useState } from 'react';
import type { BusinessWaitlistEntry, WaitlistStatus } from '@contract/waitlist';
import { isValidDate } from '@contract/time';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';
import { Badge, EmptyState, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field, Input } from '@/components/ui/input';
import { useLiveConnection } from '@/features/live';
import { errorMessage } from '@/lib/api-client';
import { formatClock, wallClockAt } from '@/lib/business-time';
import { loadedItems } from '@/lib/paged-query';
import { useBusinessWaitlist } from '../api/waitlist';

/** Each status in the owner's words (DESIGN section 11). */
const statusText: Record<WaitlistStatus, { label: string; variant: 'warning' | 'success' | 'secondary' | 'outline' }> = {
  waiting: { label: 'Waiting', variant: 'outline' },
  offered: { label: 'Offered a time', variant: 'warning' },
  claimed: { label: 'Claimed: booked', variant: 'success' },
  expired: { label: 'Not claimed in time', variant: 'secondary' },
  cancelled: { label: 'Left the waitlist', variant: 'secondary' },
};

function EntryRow({ entry: e }: { entry: BusinessWaitlistEntry }) {
  const s = statusText[e.status];
  const what = [e.serviceName, e.partySize > 1 ? `party of ${e.partySize}` : null, e.staffName ? `with ${e.staffName}` : null].filter(Boolean).join(' · ');
  return (
    <li data-testid="owner-waitlist-entry" className="flex flex-wrap items-start justify-between gap-2 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{e.customerName}</p>
        <p className="text-slate-600">{what}</p>
        <p className="text-slate-600">
          Between {formatClock(e.fromTime, e.timeZone)} and {formatClock(e.toTime, e.timeZone)}
        </p>
        {e.offer && (
          <p className="text-amber-900" data-testid="owner-waitlist-hold">
            {formatClock(e.offer.time, e.timeZone)} is held for them until {formatClock(wallClockAt(e.offer.expiresAt, e.timeZone).time, e.timeZone)}
          </p>
        )}
      </div>
      <Badge variant={s.variant}>{s.label}</Badge>
    </li>
  );
}

/**
 * The owner's view of who is waiting on a day (DESIGN section 11), oldest first: the order a time
 * that opens is offered in. Starts on the day view's date (`date`); another day may be picked. Live:
 * the owner's socket is told of each change to a day's waitlist (waitlist_changed) and the day refetches.
 */
export function OwnerWaitlistPanel({ businessId, date: initialDate }: { businessId: number; date: string }) {
  const [date, setDate] = useState(initialDate);
  const valid = isValidDate(date);
  const list = useBusinessWaitlist(businessId, date, valid);
  useLiveConnection([]);
  const entries = loadedItems(list.data);
  return (
    <section aria-labelledby="owner-waitlist-title" className="space-y-3" data-testid="owner-waitlist">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="owner-waitlist-title" className="text-lg font-semibold">Waitlist</h2>
          <p className="text-sm text-slate-600">
            {valid ? `Who is waiting for a time on ${formatLongDate(date)}, in the order a time that opens is offered.` : 'Choose a day.'}
          </p>
        </div>
        <div className="sm:w-48">
          <Field id="owner-waitlist-date" label="Day">
            <Input id="owner-waitlist-date" type="date" value={date} min={initialDate} onChange={(e) => setDate(e.target.value)} />
          </Field>
        </div>
      </div>
      {!valid ? null : list.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the waitlist">
          <Skeleton className="h-20" />
        </div>
      ) : list.error ? (
        <ErrorState title="Could not load the waitlist" message={errorMessage(list.error, 'Please try again.')} onRetry={() => void list.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="Nobody is waiting for this day" description="Customers who find the day full can ask to be offered a time that opens." />
      ) : (
        <>
          <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {entries.map((e) => <EntryRow key={e.id} entry={e} />)}
          </ol>
          {list.hasNextPage && (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}
