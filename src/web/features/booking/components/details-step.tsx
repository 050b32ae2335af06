import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactSchema } from '@contract/appointments';
import { formatPrice } from '@contract/money';
import type { Service } from '@contract/services';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, Input, Label, Textarea } from '@/components/ui/input';
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
  const invalid = (name: keyof ContactInput) => ({ 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `${name}-error` : undefined });

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
        <Controller
          control={form.control}
          name="blockOffers"
          render={({ field }) => (
            <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
              <Checkbox id="blockOffers" checked={field.value ?? false} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} className="mt-0.5" />
              <Label htmlFor="blockOffers" className="font-normal">
                Block queue jump and move back offers for this appointment
              </Label>
            </div>
          )}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={() => onBack(form.getValues())}>
            Back to Date & Time
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Booking…' : 'Book Appointment'}
          </Button>
        </div>
      </form>
    </section>
  );
}
