import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '@contract/auth';
import { contactSchema } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import { phoneField } from '@contract/phone';
import type { BusinessPolicies } from '@contract/policies';
import type { Service } from '@contract/services';
import { Field, Input, Textarea } from '@/components/ui/input';
import { PhoneField } from '@/components/ui/phone-field';
import { useVisitorPhoneRegion } from '@/lib/phone-region';
import { BlockOffersField, ContactNote, FormActions, invalidProps } from './booking-form-parts';
import { BookingSummary, dateRow, timeRow, withRow } from './booking-summary';
import { InsideCutoffNotice } from './inside-cutoff-notice';
import { PolicyNotice } from './policy-notice';

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

/** Step 3: who the appointment is for. Validated with the same rules the server applies. */
export function DetailsStep({ service, policies, date, time, timeZone, who, defaultValues, user, busy, onBack, onSubmit, payment }: {
  service: Service;
  /** The policies in effect for this service, stated before the customer books. */
  policies: BusinessPolicies;
  date: string;
  time: string;
  /** The business's zone: the time is on its clock. */
  timeZone: string;
  /** Where the customer chose who: the member's name, or null for anyone; undefined where there was no choice. */
  who?: string | null;
  defaultValues: ContactInput;
  user: User | null;
  busy: boolean;
  onBack: (draft: ContactInput) => void;
  onSubmit: (values: ContactValues) => void;
  /** The deposit or card-on-file step (DESIGN section 11), shown before the booking is confirmed. */
  payment?: React.ReactNode;
}) {
  // The server's rules, with a phone typed without "+" read as one of the visitor's region and sent in E.164.
  const region = useVisitorPhoneRegion();
  const schema = useMemo(() => contactSchema.extend({ customerPhone: phoneField('Phone', region) }), [region]);
  const form = useForm<ContactInput, unknown, ContactValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const { errors } = form.formState;
  const invalid = (name: keyof ContactInput, hintId?: string) => invalidProps(errors, name, hintId);

  return (
    <section aria-labelledby="details-step-title" className="space-y-5">
      <h2 id="details-step-title" className="text-lg font-semibold">
        Your details
      </h2>
      <BookingSummary
        rows={[
          ['Service', service.name],
          ...(who !== undefined ? [withRow(who ?? 'Anyone available')] : []),
          dateRow(date),
          timeRow(time, timeZone),
          ['Duration', `${service.duration} minutes`],
          ['Price', formatPrice(service.price)],
        ]}
      />
      <PolicyNotice policies={policies} />
      <InsideCutoffNotice policies={policies} date={date} time={time} timeZone={timeZone} />
      <ContactNote user={user} action="book" />
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="customerName" label="Full name" error={errors.customerName?.message}>
            <Input id="customerName" autoComplete="name" {...invalid('customerName')} {...form.register('customerName')} />
          </Field>
          <Field id="customerEmail" label="Email" error={errors.customerEmail?.message}>
            <Input id="customerEmail" type="email" autoComplete="email" {...invalid('customerEmail')} {...form.register('customerEmail')} />
          </Field>
          <PhoneField
            id="customerPhone"
            region={region}
            value={form.watch('customerPhone')}
            error={errors.customerPhone?.message}
            {...invalid('customerPhone', 'customerPhone-hint')}
            {...form.register('customerPhone')}
          />
        </div>
        <Field id="notes" label="Notes (optional)" error={errors.notes?.message}>
          <Textarea id="notes" placeholder="Anything the business should know" {...invalid('notes')} {...form.register('notes')} />
        </Field>
        {policies.swapMarket && <BlockOffersField control={form.control} what="appointment" />}
        {payment}
        <FormActions onBack={() => onBack(form.getValues())} busy={busy} submitLabel="Book Appointment" busyLabel="Booking…" />
      </form>
    </section>
  );
}
