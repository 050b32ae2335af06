import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarOff, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { blockDateSchema } from '@contract/availability';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { Calendar, formatLongDate, todayIso } from '@/components/ui/calendar';
import { ErrorState } from '@/components/ui/error-state';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useBlockDate, useBlockedDates, useUnblockDate } from '@/features/availability';
import { errorMessage } from '@/lib/api-client';
import { useStrandGuard } from '@/lib/stranded-bookings';
import { StrandedBookingsDialog } from '@/components/ui/stranded-bookings-dialog';

/** Block a day (today or later, not already blocked) so nothing can be booked on it. */
export function BlockedDatesPanel({ businessId, timeZone }: { businessId: number; timeZone: string }) {
  const blocked = useBlockedDates(businessId);
  const block = useBlockDate(businessId);
  const unblock = useUnblockDate(businessId);
  const today = todayIso(timeZone);
  const taken = new Set((blocked.data ?? []).map((b) => b.date));
  // The schema is built once; it reads the latest blocked dates through this ref.
  const takenRef = useRef(taken);
  useEffect(() => {
    takenRef.current = taken;
  });
  const [formSchema] = useState(() =>
    blockDateSchema.pick({ reason: true }).extend({
      date: z
        .string()
        .min(1, 'Choose a date to block')
        .refine((d) => d >= todayIso(timeZone), 'The date must be today or later')
        .refine((d) => !takenRef.current.has(d), 'This date is already blocked'),
    }),
  );
  type FormValues = z.output<typeof formSchema>;
  const form = useForm<z.input<typeof formSchema>, unknown, FormValues>({ resolver: zodResolver(formSchema), defaultValues: { date: '', reason: '' } });
  const { errors } = form.formState;

  // A closed day under upcoming bookings: the server lists them; the owner cancels them or backs out.
  const strand = useStrandGuard();
  const onSubmit = (values: FormValues) =>
    strand.run(block, values, {
      onSuccess: () => {
        toast({ title: 'Date Blocked', description: `${formatLongDate(values.date)} is closed for bookings.` });
        form.reset({ date: '', reason: '' });
      },
      onError: (e) => toast({ title: 'Failed to block date', description: errorMessage(e, ''), variant: 'destructive' }),
    });

  const list = [...(blocked.data ?? [])].sort((a, b) => a.date.localeCompare(b.date));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Blocked dates</CardTitle>
        <CardDescription>Holidays and closures: no one can book on a blocked date.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[20rem_1fr]">
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-3">
          <Controller
            control={form.control}
            name="date"
            render={({ field }) => <Calendar value={field.value || null} onChange={field.onChange} min={today} today={today} isDateDisabled={(d) => taken.has(d)} label="Date to block" />}
          />
          {errors.date && (
            <p role="alert" className="text-sm text-red-600">
              {errors.date.message}
            </p>
          )}
          <Field id="block-reason" label="Reason (optional)" error={errors.reason?.message}>
            <Input id="block-reason" placeholder="e.g. Public holiday" {...form.register('reason')} />
          </Field>
          <Button type="submit" className="w-full" disabled={block.isPending}>
            <CalendarOff aria-hidden="true" />
            Block Date
          </Button>
        </form>
        <StrandedBookingsDialog guard={strand.guard} what="Blocking this date" busy={block.isPending} timeZone={timeZone} />
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Currently blocked</h3>
          {blocked.isLoading ? (
            <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading blocked dates">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : blocked.error ? (
            <ErrorState title="Failed to load blocked dates" message={errorMessage(blocked.error, '')} onRetry={() => void blocked.refetch()} />
          ) : list.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No dates are currently blocked</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {list.map((b) => (
                <li key={b.id} className="flex items-center justify-between gap-3 p-3" data-testid="blocked-date">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{formatLongDate(b.date)}</p>
                    {b.reason && <p className="truncate text-sm text-slate-600">{b.reason}</p>}
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unblock.isPending && unblock.variables === b.id}
                    aria-label={`Unblock ${formatLongDate(b.date)}`}
                    onClick={() =>
                      unblock.mutate(b.id, {
                        onSuccess: () => toast({ title: 'Date Unblocked', description: `${formatLongDate(b.date)} is open for bookings again.` }),
                        onError: (e) => toast({ title: 'Failed to unblock date', description: errorMessage(e, ''), variant: 'destructive' }),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                    Unblock
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
