import { BellRing, CalendarDays, Clock } from 'lucide-react';
import { useState } from 'react';
import { paymentLine } from '@contract/payment-policy-text';
import type { WaitlistEntry, WaitlistStatus } from '@contract/waitlist';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/calendar';
import { Badge, Card, EmptyState, Skeleton } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatClock, wallClockAt } from '@/lib/business-time';
import { loadedItems } from '@/lib/paged-query';
import { useLeaveWaitlist, useMyWaitlist } from '../api/waitlist';
import { ClaimButton } from './claim-button';

const statusText: Record<WaitlistStatus, { label: string; variant: 'warning' | 'success' | 'secondary' | 'outline' | 'destructive' }> = {
  waiting: { label: 'Waiting', variant: 'outline' },
  offered: { label: 'Held for you', variant: 'warning' },
  claimed: { label: 'Claimed', variant: 'success' },
  expired: { label: 'Passed on', variant: 'secondary' },
  cancelled: { label: 'Left', variant: 'secondary' },
};

function EntryCard({ entry: e, onLeave }: { entry: WaitlistEntry; onLeave: () => void }) {
  const s = statusText[e.status];
  const active = e.status === 'waiting' || e.status === 'offered';
  return (
    <Card className="p-4 sm:p-5" data-testid="waitlist-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{e.serviceName}</h3>
          <p className="text-sm text-slate-600">{e.businessName}</p>
        </div>
        <Badge variant={s.variant}>{s.label}</Badge>
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="flex items-center gap-1.5">
          <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
          {formatLongDate(e.date)}
        </span>
        <span className="flex items-center gap-1.5">
          <Clock className="size-4 text-slate-400" aria-hidden="true" />
          between {formatClock(e.fromTime, e.timeZone)} and {formatClock(e.toTime, e.timeZone)}
        </span>
      </p>
      {e.offer && (
        <div className="mt-3 space-y-3 rounded-lg bg-amber-50 p-3" data-testid="waitlist-offer">
          <p className="text-sm text-amber-900">
            <BellRing className="mr-1 inline size-4" aria-hidden="true" />
            {formatClock(e.offer.time, e.timeZone)} opened and is held for you until {formatClock(wallClockAt(Date.parse(e.offer.expiresAt), e.timeZone).time, e.timeZone)}. Claim it to book it;{' '}
            {e.offer.payment ? 'as for any booking of this service:' : 'nothing is charged here, you pay at the business as for any booking.'}
          </p>
          {e.offer.payment && <p className="text-sm text-slate-700" data-testid="waitlist-money-line">{paymentLine(e.offer.payment, e.offer.payment.cancelCutoffMinutes)}</p>}
          <ClaimButton entryId={e.id} expiresAt={e.offer.expiresAt} payment={e.offer.payment} />
        </div>
      )}
      {active && (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <Button variant="outline" size="sm" className="min-h-11 sm:min-h-9" onClick={onLeave}>
            Leave waitlist
          </Button>
        </div>
      )}
    </Card>
  );
}

/** The customer's waitlist (DESIGN section 11): each entry's status, a held time's Claim with its countdown, leaving. Live: refetched on each waitlist notice. */
export function MyWaitlist({ title = 'My waitlist', emptyHidden = false }: { title?: string; emptyHidden?: boolean }) {
  const list = useMyWaitlist();
  const leave = useLeaveWaitlist();
  const [leaving, setLeaving] = useState<WaitlistEntry | null>(null);
  const entries = loadedItems(list.data);
  if (emptyHidden && !list.isLoading && entries.length === 0) return null;
  return (
    <section aria-labelledby="my-waitlist-title" className="space-y-3" data-testid="my-waitlist">
      <h2 id="my-waitlist-title" className="text-lg font-semibold">{title}</h2>
      {list.isLoading ? (
        <Skeleton className="h-28" />
      ) : list.error ? (
        <ErrorState title="Could not load your waitlist" message={errorMessage(list.error, 'Please try again.')} onRetry={() => void list.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="You are not waiting for any time" description="On a full day, choose “Notify me” to be offered a time that opens." />
      ) : (
        <div className="space-y-3">
          {entries.map((e) => <EntryCard key={e.id} entry={e} onLeave={() => setLeaving(e)} />)}
          {list.hasNextPage && (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              Show more
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title="Leave the waitlist?"
        description={leaving?.status === 'offered' ? 'The time held for you goes to the next person waiting.' : 'You will no longer be told when a time opens that day.'}
        confirmLabel="Leave waitlist"
        busy={leave.isPending}
        onConfirm={() =>
          leaving &&
          leave.mutate(leaving.id, {
            onSuccess: () => toast({ title: 'You left the waitlist' }),
            onError: (error) => toast({ title: 'Could not leave the waitlist', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setLeaving(null),
          })
        }
      />
    </section>
  );
}

/** On a held appointment's card (My Appointments): Claim, from the waitlist entry that holds it. */
export function HeldAppointmentClaim({ appointmentId }: { appointmentId: number }) {
  const entry = loadedItems(useMyWaitlist().data).find((e) => e.offer?.appointmentId === appointmentId);
  if (!entry?.offer) return null;
  return <ClaimButton entryId={entry.id} expiresAt={entry.offer.expiresAt} payment={entry.offer.payment} />;
}
