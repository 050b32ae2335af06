import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type StaffMember, type TimeOffInput, timeOffSchema } from '@contract/staff';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/components/ui/calendar';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';

type Errors = Partial<Record<'startDate' | 'endDate' | 'reason', string>>;

/** "Mar 7, 2026" or "Mar 7, 2026 – Mar 9, 2026": one period of time off. */
export const timeOffRange = (t: { startDate: string; endDate: string }) =>
  t.startDate === t.endDate ? formatShortDate(t.startDate) : `${formatShortDate(t.startDate)} – ${formatShortDate(t.endDate)}`;

function TimeOffForm({ today, busy, onAdd }: { today: string; busy: boolean; onAdd: (input: TimeOffInput, done: () => void) => void }) {
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // One day off is the common case: an empty end means the same day.
    const parsed = timeOffSchema.safeParse({ startDate, endDate: endDate || startDate, reason });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.path[0] === 'startDate' ? 'Choose the first day off' : issue.message === 'endDate must be on or after startDate' ? 'The last day must be on or after the first' : issue.message;
      return setErrors(next);
    }
    setErrors({});
    onAdd(parsed.data, () => {
      setStart('');
      setEnd('');
      setReason('');
    });
  };
  const aria = (key: keyof Errors, id: string) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `${id}-error` : undefined });

  return (
    <form noValidate onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-900">Add time off</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="time-off-start" label="First day" error={errors.startDate}>
          <Input id="time-off-start" type="date" min={today} value={startDate} onChange={(e) => setStart(e.target.value)} {...aria('startDate', 'time-off-start')} />
        </Field>
        <Field id="time-off-end" label="Last day" hint="Empty: just the first day" error={errors.endDate}>
          <Input id="time-off-end" type="date" min={startDate || today} value={endDate} onChange={(e) => setEnd(e.target.value)} {...aria('endDate', 'time-off-end')} />
        </Field>
      </div>
      <Field id="time-off-reason" label="Reason (optional)" error={errors.reason}>
        <Input id="time-off-reason" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} {...aria('reason', 'time-off-reason')} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add time off'}
        </Button>
      </div>
    </form>
  );
}

/** A member's days off: the upcoming ones listed with a remove each, and a form to add a period. */
export function TimeOffDialog({ member, today, adding, removingId, onOpenChange, onAdd, onRemove }: {
  member: StaffMember | null; today: string; adding: boolean; removingId: number | null; onOpenChange: (open: boolean) => void;
  onAdd: (input: TimeOffInput, done: () => void) => void; onRemove: (timeOffId: number) => void;
}) {
  const upcoming = (member?.timeOff ?? []).filter((t) => t.endDate >= today).sort((a, b) => a.startDate.localeCompare(b.startDate));
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange} title={member ? `Time off for ${member.name}` : 'Time off'} description="Nobody can book them on these days.">
      {member && (
        <div className="space-y-4">
          {upcoming.length ? (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Upcoming time off">
              {upcoming.map((t) => (
                <li key={t.id} className="flex items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{timeOffRange(t)}</p>
                    {t.reason && <p className="break-words text-sm text-slate-600">{t.reason}</p>}
                  </div>
                  <Button type="button" variant="outline" size="sm" className="shrink-0 text-red-600 hover:bg-red-50" disabled={removingId === t.id} onClick={() => onRemove(t.id)} aria-label={`Remove time off ${timeOffRange(t)}`}>
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No upcoming time off.</p>
          )}
          <TimeOffForm key={member.id} today={today} busy={adding} onAdd={onAdd} />
        </div>
      )}
    </Dialog>
  );
}
