import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Service, serviceInputSchema } from '@contract/services';
import { Dialog } from '@/components/ui/dialog';
import { DurationInput } from '@/components/ui/duration-input';
import { DialogFormActions } from './dialog-form-actions';
import { PaymentPolicyFields } from './payment-policy-fields';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';

type FormInput = z.input<typeof serviceInputSchema>;
type FormValues = z.output<typeof serviceInputSchema>;

// The overrides this form edits: every per-service policy of DESIGN section 9 (the swap market switch
// is the business's alone). Every one is sent, an empty one as null (the business's policy applies).
// Lengths of time are typed in minutes, hours or days as fits (stored in minutes); the rest are counts.
const OVERRIDES = [
  { key: 'minNoticeMinutes', label: 'Minimum notice', duration: true },
  { key: 'maxAdvanceDays', label: 'Book at most (days ahead)', duration: false },
  { key: 'slotIntervalMinutes', label: 'Start times every', duration: true },
  { key: 'cancelCutoffMinutes', label: 'Free cancellation until (before the start)', duration: true },
  { key: 'rescheduleCutoffMinutes', label: 'Rescheduling until (before the start)', duration: true },
  { key: 'maxActivePerCustomer', label: 'Upcoming bookings per customer', duration: false },
  { key: 'swapCutoffMinutes', label: 'Swap offers close (before the start)', duration: true },
] as const;
// Buffers are the service's alone (no business setting): empty is none.
const BUFFERS = [
  { key: 'bufferBeforeMinutes', label: 'Buffer before each visit', duration: true },
  { key: 'bufferAfterMinutes', label: 'Buffer after each visit', duration: true },
] as const;
type PolicyField = (typeof OVERRIDES)[number] | (typeof BUFFERS)[number];
/** Amounts of another policy than the one chosen are cleared (null), so the service keeps only what applies. */
function withPaymentKeysThatApply(values: FormValues): FormValues {
  const p = values.policies;
  if (!p) return values;
  const policy = p.paymentPolicy ?? 'none';
  return {
    ...values,
    policies: {
      ...p,
      depositCents: policy === 'deposit' ? p.depositCents : null,
      noShowFeeCents: policy === 'card_on_file' ? p.noShowFeeCents : null,
      lateCancelFeeCents: policy === 'card_on_file' ? p.lateCancelFeeCents : null,
    },
  };
}
const emptyAsNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function ServiceForm({ service, busy, onSubmit, onCancel }: { service: Service | null; busy: boolean; onSubmit: (values: FormValues) => void; onCancel: () => void }) {
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: {
      ...(service ? { name: service.name, description: service.description, duration: service.duration, price: service.price } : { name: '', description: '', duration: 30, price: '' }),
      policies: {
        ...Object.fromEntries([...OVERRIDES, ...BUFFERS].map(({ key }) => [key, service?.policies[key] ?? null])),
        // The payment policy (DESIGN section 11): every key sent, null where it does not apply.
        paymentPolicy: service?.policies.paymentPolicy ?? null,
        depositCents: service?.policies.depositCents ?? null,
        noShowFeeCents: service?.policies.noShowFeeCents ?? null,
        lateCancelFeeCents: service?.policies.lateCancelFeeCents ?? null,
      },
    },
  });
  const { errors } = form.formState;
  const aria = (name: keyof FormInput) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `service-${name}-error` : undefined });
  // A new owner's first service needs a name, a length and a price; the policies are folded under
  // "More options", open when editing a service that overrides any (issue 27).
  const [more, setMore] = useState(() => service !== null && Object.values(service.policies).some((v) => v !== null && v !== undefined));
  const policyField = ({ key, label, duration }: PolicyField) => {
    const id = `service-policy-${key}`;
    const error = errors.policies?.[key]?.message;
    return (
      <Field key={key} id={id} label={label} error={error}>
        {duration ? (
          <Controller control={form.control} name={`policies.${key}`} render={({ field }) => (
            <DurationInput id={id} label={label} value={typeof field.value === 'number' ? field.value : null} onChange={field.onChange} invalid={!!error} describedBy={error ? `${id}-error` : undefined} />
          )} />
        ) : (
          <Input id={id} type="number" inputMode="numeric" min={0} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
            {...form.register(`policies.${key}`, { setValueAs: emptyAsNull })} />
        )}
      </Field>
    );
  };
  // A refused policy opens the fold, so its message is seen.
  const policyError = errors.policies !== undefined;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(withPaymentKeysThatApply(values)))} className="space-y-4">
      <Field id="service-name" label="Service name" error={errors.name?.message}>
        <Input id="service-name" {...aria('name')} {...form.register('name')} />
      </Field>
      <Field id="service-description" label="Description (optional)" error={errors.description?.message}>
        <Textarea id="service-description" {...form.register('description')} />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="service-duration" label="Duration (minutes)" error={errors.duration?.message}>
          {/* An empty box is "no duration", not zero, so the message says a duration is required. */}
          <Input id="service-duration" type="number" inputMode="numeric" min={5} max={720} step={5} {...aria('duration')} {...form.register('duration', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })} />
        </Field>
        <Field id="service-price" label="Price ($)" error={errors.price?.message}>
          <Input id="service-price" type="number" inputMode="decimal" min={0} step={0.01} {...aria('price')} {...form.register('price')} />
        </Field>
      </div>
      <Button type="button" variant="ghost" size="sm" aria-expanded={more || policyError} aria-controls="service-more-options" onClick={() => setMore(!more)}>
        <ChevronDown aria-hidden="true" className={more || policyError ? 'rotate-180' : undefined} />
        More options
      </Button>
      <fieldset id="service-more-options" hidden={!(more || policyError)} className="space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-900">Policies for this service (optional)</legend>
        <p className="text-xs text-slate-500">Empty: the business&apos;s booking policies apply.</p>
        {/* Inputs line up along the bottom when a longer label wraps. */}
        <div className="grid items-end gap-4 sm:grid-cols-2">{OVERRIDES.map(policyField)}</div>
        <p className="text-xs text-slate-500">Buffers keep the time before and after each visit free (nothing else is booked then). Empty: none.</p>
        <div className="grid items-end gap-4 sm:grid-cols-2">{BUFFERS.map(policyField)}</div>
        <PaymentPolicyFields control={form.control} errors={errors} />
      </fieldset>
      <DialogFormActions onCancel={onCancel} busy={busy} submitLabel={service ? 'Save Changes' : 'Create Service'} />
    </form>
  );
}

/** Create (service null) or edit a service. */
export function ServiceFormDialog({ open, service, busy, onOpenChange, onSubmit }: { open: boolean; service: Service | null; busy: boolean; onOpenChange: (open: boolean) => void; onSubmit: (values: FormValues) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={service ? 'Edit Service' : 'Add Service'} description={service ? `Change ${service.name}.` : 'Describe a service customers can book.'}>
      {open && <ServiceForm key={service?.id ?? 'new'} service={service} busy={busy} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}
