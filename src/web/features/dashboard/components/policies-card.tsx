import type { Business } from '@contract/businesses';
import { type BusinessPoliciesPatch, businessPoliciesPatchSchema } from '@contract/policies';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DurationInput } from '@/components/ui/duration-input';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useUpdateBusiness } from '@/features/businesses';
import { errorMessage } from '@/lib/api-client';

type NumberKey = Exclude<keyof BusinessPoliciesPatch, 'swapMarket'>;

// Each number the owner sets; an empty "optional" field sends null, which restores the default
// (no cut-off, no limit, or a restaurant's reservation horizon).
// Lengths of time (`duration`) are typed in minutes, hours or days as fits and sent in minutes (issue 27).
const FIELDS: { key: NumberKey; label: string; hint: string; optional: boolean; duration: boolean }[] = [
  { key: 'minNoticeMinutes', label: 'Minimum notice', hint: '0 takes bookings up to the start.', optional: false, duration: true },
  { key: 'maxAdvanceDays', label: 'Book at most (days ahead)', hint: 'How far ahead customers can book.', optional: true, duration: false },
  { key: 'slotIntervalMinutes', label: 'Start times every', hint: "Empty: every 30 minutes, or the service's length if shorter.", optional: true, duration: true },
  { key: 'cancelCutoffMinutes', label: 'Free cancellation until (before the start)', hint: 'Empty: any time before the start.', optional: true, duration: true },
  { key: 'rescheduleCutoffMinutes', label: 'Rescheduling until (before the start)', hint: 'Empty: until the cancellation cut-off, or any time before the start if there is none.', optional: true, duration: true },
  { key: 'maxActivePerCustomer', label: 'Upcoming bookings per customer', hint: 'Empty: no limit.', optional: true, duration: false },
  { key: 'swapCutoffMinutes', label: 'Swap offers close (before the start)', hint: 'No offer is made or accepted closer to the earlier start.', optional: false, duration: true },
];

const asText = (value: number | null) => (value === null ? '' : String(value));
/** A duration field's minutes as the form keeps values: text ('' empty, 'NaN' for junk the schema names). */
const minutesText = (minutes: number | null) => (minutes === null ? '' : String(minutes));

/** The owner's booking policies (DESIGN section 9): later bookings follow them, booked ones keep theirs. */
export function PoliciesCard({ business }: { business: Business }) {
  const save = useUpdateBusiness(business.id);
  const p = business.policies;
  const [values, setValues] = useState<Record<NumberKey, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f.key, asText(p[f.key])])) as Record<NumberKey, string>,
  );
  const [swapMarket, setSwapMarket] = useState(p.swapMarket);
  const [errors, setErrors] = useState<Partial<Record<NumberKey, string>>>({});
  const restaurant = business.businessType === 'restaurant';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what the owner changed is sent, so a value left at its default keeps following the default.
    const patch: Record<string, unknown> = swapMarket === p.swapMarket ? {} : { swapMarket };
    for (const f of FIELDS) {
      const text = values[f.key].trim();
      if (text === asText(p[f.key])) continue;
      // A number left empty goes back to its default.
      patch[f.key] = text === '' ? null : Number(text);
    }
    const parsed = businessPoliciesPatchSchema.safeParse(patch);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { policies: parsed.data },
      {
        onSuccess: () => toast({ title: 'Policies saved', description: 'New bookings follow them; existing bookings keep the policies they were made under.' }),
        onError: (e) => toast({ title: 'Failed to save policies.', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking policies</CardTitle>
        <CardDescription>Notice, cut-offs and limits customers see before they book. Changes apply to new bookings only.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {/* A restaurant's tables follow its time slots: no interval to set. */}
            {FIELDS.filter((f) => !(restaurant && f.key === 'slotIntervalMinutes')).map((f) => {
              const id = `policy-${f.key}`;
              const hint = f.key === 'maxAdvanceDays' && restaurant ? 'Empty: your reservation horizon.' : f.hint;
              const describedBy = errors[f.key] ? `${id}-error` : `${id}-hint`;
              return (
                <Field key={f.key} id={id} label={f.label} hint={hint} error={errors[f.key]}>
                  {f.duration ? (
                    <DurationInput id={id} label={f.label} value={p[f.key]} invalid={!!errors[f.key]} describedBy={describedBy}
                      onChange={(minutes) => setValues((v) => ({ ...v, [f.key]: minutesText(minutes) }))} />
                  ) : (
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    value={values[f.key]}
                    aria-invalid={errors[f.key] ? true : undefined}
                    aria-describedby={errors[f.key] ? `${id}-error` : `${id}-hint`}
                    onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
                  />
                  )}
                </Field>
              );
            })}
          </div>
          <div className="flex items-start gap-3">
            <Checkbox id="policy-swapMarket" checked={swapMarket} onCheckedChange={(c) => setSwapMarket(c === true)} />
            <label htmlFor="policy-swapMarket" className="text-sm text-slate-700">
              <span className="font-medium text-slate-900">Swap market</span> — customers may offer each other money to trade times
            </label>
          </div>
          <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save policies'}</Button>
        </form>
      </CardContent>
    </Card>
  );
}
