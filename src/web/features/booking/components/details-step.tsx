import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactSchema } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import type { Service } from '@contract/services';
import { Field, Input, Textarea } from '@/components/ui/input';
import { BlockOffersField, FormActions, invalidProps } from './booking-form-parts';
import { BookingSummary, dateRow, timeRow } from './booking-summary';

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

/** Step 3: who the appointment is for. Validated with the same rules the server applies. */
export function DetailsStep({ service, date, time, defaultValues, signedIn, busy, onBack, onSubmit }: {
  service: Service;
  date: string;
  time: string;
  defaultValues: ContactInput;
  signedIn: boolean;
  busy: boolean;
  onBack: (draft: ContactInput) => void;
  onSubmit: (values: ContactValues) => void;
}) {
  const form = useForm<ContactInput, unknown, ContactValues>({ resolver: zodResolver(contactSchema), defaultValues });
  const { errors } = form.formState;
  const invalid = (name: keyof ContactInput) => invalidProps(errors, name);

  return (
    <section aria-labelledby="details-step-title" className="space-y-5">
      <h2 id="details-step-title" className="text-lg font-semibold">
        Your details
      </h2>
      <BookingSummary rows={[['Service', service.name], dateRow(date), timeRow(time), ['Duration', `${service.duration} minutes`], ['Price', formatPrice(service.price)]]} />
      {!signedIn && <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">You are not signed in. You will be asked to log in when you book.</p>}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="customerName" label="Full name" error={errors.customerName?.message}>
            <Input id="customerName" autoComplete="name" {...invalid('customerName')} {...form.register('customerName')} />
          </Field>
          <Field id="customerEmail" label="Email" error={errors.customerEmail?.message}>
            <Input id="customerEmail" type="email" autoComplete="email" {...invalid('customerEmail')} {...form.register('customerEmail')} />
          </Field>
          <Field id="customerPhone" label="Phone" error={errors.customerPhone?.message}>
            <Input id="customerPhone" type="tel" autoComplete="tel" {...invalid('customerPhone')} {...form.register('customerPhone')} />
          </Field>
        </div>
        <Field id="notes" label="Notes (optional)" error={errors.notes?.message}>
          <Textarea id="notes" placeholder="Anything the business should know" {...invalid('notes')} {...form.register('notes')} />
        </Field>
        <BlockOffersField control={form.control} what="appointment" />
        <FormActions onBack={() => onBack(form.getValues())} busy={busy} submitLabel="Book Appointment" busyLabel="Booking…" />
      </form>
    </section>
  );
}
