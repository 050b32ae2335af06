import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type DayHours, dayHoursSchema } from '@contract/availability';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { StrandedBookingsDialog } from '@/components/ui/stranded-bookings-dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useBusinessHours, useUpdateBusinessHours } from '@/features/availability';
import { errorMessage } from '@/lib/api-client';
import { useStrandGuard } from '@/lib/stranded-bookings';

// Monday first, as people read a working week; dayOfWeek stays 0 = Sunday.
const DAYS = [1, 2, 3, 4, 5, 6, 0];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const daySchema = z
  .object({ dayOfWeek: z.number(), open: z.boolean(), openTime: z.string(), closeTime: z.string() })
  .superRefine((d, ctx) => {
    if (!d.open) return;
    const parsed = dayHoursSchema.safeParse(d);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
const formSchema = z.object({ days: z.array(daySchema) });
type FormValues = z.infer<typeof formSchema>;

const toForm = (hours: DayHours[]): FormValues => ({
  days: DAYS.map((day) => {
    const h = hours.find((x) => x.dayOfWeek === day);
    return { dayOfWeek: day, open: Boolean(h), openTime: h?.openTime.slice(0, 5) ?? '09:00', closeTime: h?.closeTime.slice(0, 5) ?? '17:00' };
  }),
});

function HoursForm({ businessId, hours }: { businessId: number; hours: DayHours[] }) {
  const save = useUpdateBusinessHours(businessId);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: toForm(hours) });
  const days = useWatch({ control: form.control, name: 'days' });
  // Hours that no longer hold upcoming bookings: the server lists them for the owner to decide.
  const strand = useStrandGuard();
  const errors = form.formState.errors.days;

  const onSubmit = (values: FormValues) => {
    const next = values.days.filter((d) => d.open).map(({ dayOfWeek, openTime, closeTime }) => ({ dayOfWeek, openTime, closeTime }));
    strand.run(save, { hours: next }, {
      onSuccess: (data) => {
        toast({ title: 'Hours Updated', description: 'Your weekly opening hours were saved.' });
        form.reset(toForm(data.hours));
      },
      onError: (e) => toast({ title: 'Failed to update hours', description: errorMessage(e, ''), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {DAYS.map((day, i) => {
          const open = days?.[i]?.open ?? false;
          const error = errors?.[i]?.closeTime?.message ?? errors?.[i]?.openTime?.message;
          return (
            <li key={day} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
              <label className="flex w-36 items-center gap-2 text-sm font-medium text-slate-800">
                <input type="checkbox" className="size-4 accent-brand-600" {...form.register(`days.${i}.open`)} />
                {DAY_NAMES[day]}
              </label>
              {open ? (
                <div className="flex flex-1 flex-wrap items-center gap-x-1.5 gap-y-2 sm:gap-x-2">
                  <Input type="time" step={300} aria-label={`${DAY_NAMES[day]} opening time`} className="min-w-0 flex-1 px-2 sm:w-32 sm:flex-none sm:px-3" aria-invalid={error ? true : undefined} {...form.register(`days.${i}.openTime`)} />
                  <span className="text-sm text-slate-500">to</span>
                  <Input type="time" step={300} aria-label={`${DAY_NAMES[day]} closing time`} className="min-w-0 flex-1 px-2 sm:w-32 sm:flex-none sm:px-3" aria-invalid={error ? true : undefined} {...form.register(`days.${i}.closeTime`)} />
                  {error && (
                    <p role="alert" className="w-full text-sm text-red-600">
                      {error}
                    </p>
                  )}
                </div>
              ) : (
                <p className="flex-1 text-sm text-slate-500">Closed</p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !form.formState.isDirty}>
          {save.isPending ? 'Saving…' : 'Save Hours'}
        </Button>
      </div>
      <StrandedBookingsDialog guard={strand.guard} what="This change of hours" reassign busy={save.isPending} />
    </form>
  );
}

/** Weekly opening hours of a service business: slots are offered only inside them. */
export function WeeklyHoursEditor({ businessId }: { businessId: number }) {
  const hours = useBusinessHours(businessId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Weekly hours</CardTitle>
        <CardDescription>Customers can book only inside these hours.</CardDescription>
      </CardHeader>
      <CardContent>
        {hours.isLoading ? (
          <Skeleton className="h-64" />
        ) : hours.error || !hours.data ? (
          <ErrorState title="Failed to load opening hours" message={errorMessage(hours.error, '')} onRetry={() => void hours.refetch()} />
        ) : (
          <HoursForm businessId={businessId} hours={hours.data.hours} />
        )}
      </CardContent>
    </Card>
  );
}

