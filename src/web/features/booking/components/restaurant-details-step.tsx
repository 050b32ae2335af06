import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { User } from '@contract/auth';
import { contactSchema, occasionTypes, restaurantExtrasSchema, seatingPreferences } from '@contract/appointments';
import type { Business } from '@contract/businesses';
import { phoneField } from '@contract/phone';
import { asNumber } from '@/lib/number-field';
import { useVisitorPhoneRegion } from '@/lib/phone-region';
import { Field, Input, NativeSelect, Textarea } from '@/components/ui/input';
import { PhoneField } from '@/components/ui/phone-field';
import { BlockOffersField, ContactNote, FormActions, invalidProps } from './booking-form-parts';
import { BookingSummary, dateRow, timeRow } from './booking-summary';
import { InsideCutoffNotice } from './inside-cutoff-notice';
import { PolicyNotice } from './policy-notice';
import { partySizes } from './restaurant-date-step';

export const reservationFormSchema = contactSchema.extend(restaurantExtrasSchema.shape);
export type ReservationInput = z.input<typeof reservationFormSchema>;
export type ReservationValues = z.output<typeof reservationFormSchema>;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Step 2: the guest's details and preferences; the same rules as the server. */
export function RestaurantDetailsStep({ restaurant, date, time, defaultValues, user, busy, onBack, onSubmit, payment }: {
  restaurant: Business;
  date: string;
  time: string;
  defaultValues: ReservationInput;
  user: User | null;
  busy: boolean;
  onBack: (draft: ReservationInput) => void;
  onSubmit: (values: ReservationValues) => void;
  /** The deposit or card-on-file step (DESIGN section 11), shown before the reservation is confirmed. */
  payment?: React.ReactNode;
}) {
  // The server's rules, with a phone typed without "+" read as one of the visitor's region and sent in E.164.
  const region = useVisitorPhoneRegion();
  const schema = useMemo(() => reservationFormSchema.extend({ customerPhone: phoneField('Phone', region) }), [region]);
  const form = useForm<ReservationInput, unknown, ReservationValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onTouched' });
  const { errors } = form.formState;
  const invalid = (name: keyof ReservationInput, hintId?: string) => invalidProps(errors, name, hintId);

  return (
    <section aria-labelledby="reservation-details-title" className="space-y-5">
      <h2 id="reservation-details-title" className="text-lg font-semibold">
        Reservation details
      </h2>
      <BookingSummary rows={[['Restaurant', restaurant.businessName], dateRow(date), timeRow(time, restaurant.timeZone), ['Duration', `${restaurant.reservationDuration ?? 120} minutes`]]} />
      <PolicyNotice policies={restaurant.policies} />
      <InsideCutoffNotice policies={restaurant.policies} date={date} time={time} timeZone={restaurant.timeZone} />
      <ContactNote user={user} action="confirm" />
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="customerName" label="Full name" error={errors.customerName?.message}>
            <Input id="customerName" autoComplete="name" {...invalid('customerName')} {...form.register('customerName')} />
          </Field>
          <Field id="partySize" label="Party size" error={errors.partySize?.message}>
            <NativeSelect id="partySize" {...invalid('partySize')} {...form.register('partySize', asNumber)}>
              {partySizes(restaurant).map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'guest' : 'guests'}
                </option>
              ))}
            </NativeSelect>
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
          <Field id="seatingPreference" label="Seating preference (optional)" error={errors.seatingPreference?.message}>
            <NativeSelect id="seatingPreference" {...form.register('seatingPreference')}>
              <option value="">No preference</option>
              {seatingPreferences.map((s) => (
                <option key={s} value={s}>
                  {capitalize(s)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="occasionType" label="Occasion (optional)" error={errors.occasionType?.message}>
            <NativeSelect id="occasionType" {...form.register('occasionType')}>
              <option value="">None</option>
              {occasionTypes.map((o) => (
                <option key={o} value={o}>
                  {capitalize(o)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field id="dietaryRestrictions" label="Dietary restrictions (optional)" error={errors.dietaryRestrictions?.message}>
          <Input id="dietaryRestrictions" placeholder="e.g. vegetarian, nut allergy" {...invalid('dietaryRestrictions')} {...form.register('dietaryRestrictions')} />
        </Field>
        <Field id="notes" label="Special requests (optional)" error={errors.notes?.message}>
          <Textarea id="notes" {...invalid('notes')} {...form.register('notes')} />
        </Field>
        {restaurant.policies.swapMarket && <BlockOffersField control={form.control} what="reservation" />}
        {payment}
        <FormActions onBack={() => onBack(form.getValues())} busy={busy} submitLabel="Confirm Reservation" busyLabel="Confirming…" />
      </form>
    </section>
  );
}
