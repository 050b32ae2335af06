import { useEffect, useId, useState } from 'react';
import { formatSlot } from '@contract/time';
import { zoneNote } from '@/lib/business-time';
import type { StrandDecision, StrandGuard } from '@/lib/stranded-bookings';
import { Button } from './button';
import { Dialog } from './dialog';
import { Label, NativeSelect } from './input';

type Kind = StrandDecision['kind'];

/**
 * The bookings an owner change would strand (DESIGN section 4), shown before anything changes, with
 * the owner's ways out: move them to other members (`reassign`, naming who takes over when
 * `members` are given, else any free member), keep them under an archived service (`keep`), cancel
 * them (customers told, refunded as the policy says), or back out (Escape, Close, "Back out").
 */
export function StrandedBookingsDialog({ guard, what, reassign, members, keep, busy, timeZone }: {
  guard: StrandGuard;
  /** What the change is, e.g. "This time off". */
  what: string;
  reassign?: boolean;
  members?: { id: number; name: string }[];
  keep?: boolean;
  busy: boolean;
  /** The business's zone: the times are its wall clock, said so for a browser on another. */
  timeZone?: string;
}) {
  const options: Kind[] = [...(reassign ? (['reassign'] as const) : []), ...(keep ? (['keep'] as const) : []), 'cancel'];
  const [kind, setKind] = useState<Kind>(options[0]);
  const [to, setTo] = useState('any');
  const open = guard.bookings !== null;
  const count = guard.bookings?.length ?? 0;
  const name = useId();
  useEffect(() => {
    if (open) {
      setKind(options[0]);
      setTo('any');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset each time it opens
  }, [open]);

  const decision = (): StrandDecision => (kind === 'reassign' ? { kind, ...(to !== 'any' && { toStaffId: Number(to) }) } : { kind });
  const labels: Record<Kind, string> = {
    reassign: 'Move them to another staff member',
    keep: 'Keep them: archive the service (off the menu; these bookings stay and can be moved)',
    cancel: 'Cancel these bookings',
  };
  const confirm: Record<Kind, string> = { reassign: 'Move bookings and save', keep: 'Archive and keep bookings', cancel: 'Cancel bookings and save' };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && guard.backOut()}
      title={`${what} affects ${count} upcoming booking${count === 1 ? '' : 's'}`}
      description="Nothing has changed yet. Choose what happens to these bookings, or back out."
    >
      {timeZone && zoneNote(timeZone) ? <p className="mb-2 text-sm text-slate-600">{zoneNote(timeZone)}</p> : null}
      <ul className="max-h-56 space-y-2 overflow-y-auto" aria-label="Affected bookings">
        {guard.bookings?.map((b) => (
          <li key={b.id} className="rounded-md border border-slate-200 p-2 text-sm" data-testid="stranded-booking">
            <div className="font-medium">{formatSlot(b.date, b.time)}</div>
            <div className="text-slate-600">
              {b.serviceName} · {b.customerName}
              {b.partySize > 1 ? ` · party of ${b.partySize}` : ''}
              {b.staffName ? ` · with ${b.staffName}` : ''}
            </div>
          </li>
        ))}
      </ul>
      <fieldset className="mt-4 space-y-2">
        <legend className="text-sm font-medium text-slate-700">What should happen to them?</legend>
        {options.map((o) => (
          <label key={o} className="flex items-start gap-2 text-sm">
            <input type="radio" name={name} className="mt-0.5 size-4 accent-brand-600" checked={kind === o} onChange={() => setKind(o)} />
            <span>{labels[o]}</span>
          </label>
        ))}
      </fieldset>
      {kind === 'reassign' && members && members.length > 0 && (
        <div className="mt-3 space-y-1">
          <Label htmlFor={`${name}-to`}>Who takes over</Label>
          <NativeSelect id={`${name}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="any">Any free member</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>{m.name}</option>
            ))}
          </NativeSelect>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {kind === 'cancel'
          ? 'Customers are told in the app and by e-mail. Their booking credit is voided, and money held for a swap goes back as the cancellation policy says (a payer whose bought slot the business cancels is refunded in full).'
          : kind === 'reassign'
            ? 'Each booking keeps its time and goes to a member who performs the service and is free then. If one cannot be moved, nothing changes. Customers who chose their member are told.'
            : 'New customers can no longer book it.'}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={guard.backOut}>Back out</Button>
        <Button variant={kind === 'cancel' ? 'destructive' : 'default'} className="h-auto min-h-10 whitespace-normal" disabled={busy} onClick={() => guard.decide(decision())}>
          {busy ? 'Saving…' : confirm[kind]}
        </Button>
      </div>
    </Dialog>
  );
}
