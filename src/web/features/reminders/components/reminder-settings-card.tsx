import { type ReminderRule, reminderRulesSchema } from '@contract/reminders';
import { RULES } from '@contract/rules';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DurationInput } from '@/components/ui/duration-input';
import { ErrorState } from '@/components/ui/error-state';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useReminderRules, useSaveReminderRules } from '../api/reminders';

interface Row { key: number; offsetMinutes: number | null; active: boolean }
let nextKey = 0;
const rowsOf = (rules: ReminderRule[]): Row[] => rules.map((r) => ({ key: nextKey++, offsetMinutes: r.offsetMinutes, active: r.active }));

/** The owner's reminder e-mails (DESIGN section 11): how long before the start each goes, on or off. */
export function ReminderSettingsCard({ businessId }: { businessId: number }) {
  const rules = useReminderRules(businessId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        <CardDescription>
          E-mails sent to customers before their appointment, with links to confirm, cancel (within your cancellation policy) or reschedule. Changes apply to bookings made or moved from now on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rules.isLoading ? (
          <Skeleton className="h-24" aria-busy="true" aria-label="Loading reminders" />
        ) : rules.error ? (
          <ErrorState title="Failed to load reminders" message={errorMessage(rules.error, '')} onRetry={() => void rules.refetch()} />
        ) : (
          <ReminderForm key={JSON.stringify(rules.data)} businessId={businessId} saved={rules.data ?? []} />
        )}
      </CardContent>
    </Card>
  );
}

function ReminderForm({ businessId, saved }: { businessId: number; saved: ReminderRule[] }) {
  const save = useSaveReminderRules(businessId);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const [error, setError] = useState<string | null>(null);
  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rows.some((r) => r.offsetMinutes === null || !Number.isInteger(r.offsetMinutes))) {
      setError('Give each reminder a whole number of minutes, hours or days before the start.');
      return;
    }
    if (new Set(rows.map((r) => r.offsetMinutes)).size < rows.length) {
      setError('Two reminders go at the same time: change or remove one.');
      return;
    }
    const parsed = reminderRulesSchema.safeParse(rows.map((r) => ({ offsetMinutes: r.offsetMinutes, channel: 'email', active: r.active })));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the reminders.');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Reminders saved', description: 'Bookings made or moved from now on get these reminders.' }),
      onError: (e) => toast({ title: 'Failed to save reminders.', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Reminder e-mails">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No reminders: customers get only the booking confirmation.</p>
      ) : (
        <ul className="space-y-3">
          {rows.map((row, i) => (
            <li key={row.key} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-end" data-testid="reminder-rule">
              <div className="min-w-0 flex-1 space-y-1">
                <label htmlFor={`reminder-${row.key}`} className="text-sm font-medium text-slate-700">Reminder {i + 1}: e-mail this long before the start</label>
                <DurationInput id={`reminder-${row.key}`} label={`Reminder ${i + 1}`} value={row.offsetMinutes} defaultUnit="hours"
                  onChange={(minutes) => update(row.key, { offsetMinutes: minutes })} />
              </div>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <Checkbox checked={row.active} onCheckedChange={(checked) => update(row.key, { active: checked === true })} aria-label={`Reminder ${i + 1} on`} />
                On
              </label>
              <Button type="button" variant="outline" className="min-h-11" aria-label={`Remove reminder ${i + 1}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" className="min-h-11" disabled={rows.length >= RULES.remindersMax}
          onClick={() => setRows((all) => [...all, { key: nextKey++, offsetMinutes: 60, active: true }])}>
          <Plus className="size-4" aria-hidden="true" /> Add a reminder
        </Button>
        <Button type="submit" className="min-h-11" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save reminders'}</Button>
      </div>
    </form>
  );
}
