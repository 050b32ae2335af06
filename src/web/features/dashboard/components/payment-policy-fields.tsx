import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { serviceInputSchema } from '@contract/services';
import { Field, Input, NativeSelect } from '@/components/ui/input';

type FormInput = z.input<typeof serviceInputSchema>;
type AmountKey = 'depositCents' | 'noShowFeeCents' | 'lateCancelFeeCents';

const CHOICES = [
  { value: '', label: 'None: nothing is held or charged' },
  { value: 'deposit', label: 'Deposit held at booking' },
  { value: 'card_on_file', label: 'Card on file for fees' },
] as const;

/** Dollars typed, cents kept: an empty box is no amount. */
const toCents = (v: string) => (v.trim() === '' ? null : Math.round(Number(v) * 100));

/**
 * The service's payment policy (DESIGN section 11): none, a deposit held at booking (posted when the
 * visit is completed, refunded on a cancel in time, kept on a late cancel or a no-show), or a card on
 * file charged a no-show or late-cancel fee. Amounts are typed in dollars and sent in cents.
 */
export function PaymentPolicyFields({ control, errors }: { control: Control<FormInput>; errors: FieldErrors<FormInput> }) {
  const policy = useWatch({ control, name: 'policies.paymentPolicy' });
  const amount = (key: AmountKey, label: string) => {
    const id = `service-policy-${key}`;
    const error = errors.policies?.[key]?.message;
    return (
      <Field key={key} id={id} label={label} error={error}>
        <Controller control={control} name={`policies.${key}`} render={({ field }) => (
          <Input id={id} type="number" inputMode="decimal" min={0} step={0.01} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
            defaultValue={typeof field.value === 'number' ? (field.value / 100).toFixed(2) : ''} onChange={(e) => field.onChange(toCents(e.target.value))} onBlur={field.onBlur} />
        )} />
      </Field>
    );
  };
  return (
    <div className="space-y-3" data-testid="payment-policy-fields">
      <Field id="service-policy-paymentPolicy" label="Payment policy" error={errors.policies?.paymentPolicy?.message}>
        <Controller control={control} name="policies.paymentPolicy" render={({ field }) => (
          <NativeSelect id="service-policy-paymentPolicy" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}>
            {CHOICES.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
          </NativeSelect>
        )} />
      </Field>
      {policy === 'deposit' && (
        <>
          <p className="text-xs text-slate-500">Held on the customer&apos;s card at booking; paid to you when the visit is completed, refunded on a cancel in time, kept on a late cancel or a no-show.</p>
          <div className="grid items-end gap-4 sm:grid-cols-2">{amount('depositCents', 'Deposit ($)')}</div>
        </>
      )}
      {policy === 'card_on_file' && (
        <>
          <p className="text-xs text-slate-500">The customer saves a card when booking; nothing is charged unless they do not show up or cancel after the cut-off.</p>
          <div className="grid items-end gap-4 sm:grid-cols-2">
            {amount('noShowFeeCents', 'No-show fee ($)')}
            {amount('lateCancelFeeCents', 'Late-cancel fee ($)')}
          </div>
        </>
      )}
    </div>
  );
}
