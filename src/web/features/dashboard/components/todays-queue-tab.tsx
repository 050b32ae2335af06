import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import type { QueueEntry } from '@contract/live';
import { Button } from '@/components/ui/button';
import { EmptyState, Skeleton } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { ConnectionStatus, useLiveConnection } from '@/features/live';
import { isEarlyCall, linePerMember, punctualityText, QueueStatusBadge, useBusinessQueueToday, useCallNextQueueEntry, useCallQueueEntry } from '@/features/queue';
import { errorMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/business-time';
import { useNow } from '../lib/use-now';

interface MemberLine {
  staffId: number | null;
  staffName: string | null;
  entries: QueueEntry[];
}

/**
 * Today's entries in each member's line (entries keep the list's order). Members by id, which is
 * their creation order: a live update re-sorts the list, and the groups must not trade places.
 */
/** The entry call-next would call: the first waiting one by start, then id (lockNextWaiting's order), of one member's line when given. */
const nextWaiting = (entries: QueueEntry[], staffId: number | null) =>
  entries
    .filter((e) => e.status === 'waiting' && (staffId === null || e.staffId === staffId))
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`) || a.id - b.id)[0];

/** A call that waits for the owner's yes: one entry, or the next of a line (staffId; null: anyone's). */
type PendingCall = { entry: QueueEntry; next: false } | { entry: QueueEntry; next: true; staffId: number | null };

function byMember(entries: QueueEntry[]): MemberLine[] {
  const lines = new Map<number | null, MemberLine>();
  for (const e of entries) {
    const line = lines.get(e.staffId) ?? { staffId: e.staffId, staffName: e.staffName, entries: [] };
    line.entries.push(e);
    lines.set(e.staffId, line);
  }
  return [...lines.values()].sort((a, b) => (a.staffId ?? Infinity) - (b.staffId ?? Infinity));
}

/**
 * The owner's line today, in order: 'Call next' calls the first waiting customer, 'Call' any other.
 * At a shop of several staff members each member has their own line (DESIGN section 9): the entries
 * are grouped by member, each group with its own 'Call next for Marco'.
 */
export function TodaysQueueTab({ businessId, today }: { businessId: number; today: string }) {
  const queue = useBusinessQueueToday(businessId);
  const state = useLiveConnection([{ businessId, date: today }]);
  const call = useCallQueueEntry();
  const callNext = useCallNextQueueEntry(businessId);
  const busy = call.isPending || callNext.isPending;
  const entries = queue.data ?? [];
  const perMember = entries.some(linePerMember);
  const called = {
    onSuccess: (e: QueueEntry) =>
      toast({ title: 'Customer Called', description: `${perMember && e.staffName ? `${e.staffName}: ` : ''}#${e.queuePosition ?? ''} ${e.serviceName} at ${formatClock(e.time, e.timeZone)}` }),
    onError: (error: Error) => toast({ title: 'Could not call customer', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
  };
  const now = useNow();
  const [early, setEarly] = useState<PendingCall | null>(null);
  const send = (c: PendingCall) => (c.next ? callNext.mutate(c.staffId, called) : call.mutate(c.entry.id, called));
  // Calling someone well before their booking is likely a slip: ask first (RULES.earlyCallConfirmMinutes).
  const request = (c: PendingCall) => (isEarlyCall(c.entry, now) ? setEarly(c) : send(c));
  const callEntry = (entry: QueueEntry) => request({ entry, next: false });
  const callNextOf = (staffId: number | null) => {
    const entry = nextWaiting(entries, staffId);
    if (entry) request({ entry, next: true, staffId });
  };
  if (queue.isPending) return <Skeleton className="h-40" />;
  if (queue.error) return <ErrorState title="Error Loading Queue Data" message={errorMessage(queue.error, 'Failed to fetch queue entries')} onRetry={() => void queue.refetch()} />;
  const anyWaiting = entries.some((e) => e.status === 'waiting');
  const list = (line: QueueEntry[]) => (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {line.map((e) => (
        <li key={e.id} data-testid="owner-queue-entry" className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
          <span className="w-8 text-lg font-bold text-brand-700">{e.queuePosition ?? '–'}</span>
          <div className="min-w-0 flex-1">
            <p className="font-medium" data-testid="owner-queue-customer">{e.customerName ?? 'Customer'}</p>
            <p className="text-slate-600">
              {e.serviceName}
              {e.staffName && ` · with ${e.staffName}`}
            </p>
            <p className="text-slate-600" data-testid="owner-queue-time">
              {formatClock(e.time, e.timeZone)}
              {e.status === 'waiting' && ` · ${punctualityText(e, now)}`}
            </p>
          </div>
          <QueueStatusBadge status={e.status} />
          {e.status === 'waiting' && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => callEntry(e)} aria-label={`Call ${e.customerName ?? e.serviceName} at ${formatClock(e.time, e.timeZone)}${perMember && e.staffName ? ` with ${e.staffName}` : ''}`}>
              Call
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
  return (
    <section aria-labelledby="todays-queue-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="todays-queue-title" className="text-lg font-semibold">Today's queue</h2>
          <ConnectionStatus state={state} />
        </div>
        <Button disabled={!anyWaiting || busy} onClick={() => callNextOf(null)}>
          <Megaphone aria-hidden="true" />
          Call next
        </Button>
      </div>
      {entries.length === 0 ? (
        <EmptyState title="No one in line today" description="Today's bookings appear here in order." />
      ) : perMember ? (
        byMember(entries).map((line) => {
          const waiting = line.entries.filter((e) => e.status === 'waiting').length;
          const titleId = `member-line-${line.staffId ?? 'none'}`;
          return (
            <section key={line.staffId ?? 'none'} aria-labelledby={titleId} data-testid="member-line" className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={titleId} className="font-semibold">
                  {line.staffName ?? 'Unassigned'} <span className="text-sm font-normal text-slate-600">· {waiting} waiting</span>
                </h3>
                {line.staffId !== null && (
                  <Button size="sm" variant="outline" disabled={waiting === 0 || busy} onClick={() => callNextOf(line.staffId)}>
                    <Megaphone aria-hidden="true" />
                    Call next for {line.staffName}
                  </Button>
                )}
              </div>
              {list(line.entries)}
            </section>
          );
        })
      ) : (
        list(entries)
      )}
      <ConfirmDialog
        open={early !== null}
        onOpenChange={(o) => !o && setEarly(null)}
        title={`Call ${early?.entry.customerName ?? 'this customer'} early?`}
        description={early ? `Their booking is at ${formatClock(early.entry.time, early.entry.timeZone)}, ${punctualityText(early.entry, now)}.` : ''}
        confirmLabel="Call now"
        cancelLabel="Wait"
        destructive={false}
        busy={busy}
        onConfirm={() => {
          if (early) send(early);
          setEarly(null);
        }}
      />
    </section>
  );
}
