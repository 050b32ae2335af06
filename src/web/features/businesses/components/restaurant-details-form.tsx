import { zodResolver } from '@hookform/resolvers/zod';
import { ALL_DAYS, createRestaurantFormSchema, cuisineTypes, priceRanges } from '@contract/businesses';
import { UtensilsCrossed } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { asNumber } from '@/lib/number-field';
import { Field, Input, NativeSelect, Textarea } from '@/components/ui/input';
import { PhoneField } from '@/components/ui/phone-field';
import { useVisitorPhoneRegion } from '@/lib/phone-region';
import { errorProps, FormActions } from './form-actions';
import type { DetailsStepProps } from './onboarding-flow';
import { OpenDaysField } from './open-days-field';

type FormInput = z.input<ReturnType<typeof createRestaurantFormSchema>>;
type Output = z.output<ReturnType<typeof createRestaurantFormSchema>>;
const NUMBER_FIELDS = new Set<string>(['maxPartySize', 'reservationDuration']);
type Name = 'ownerName' | 'businessName' | 'cuisineType' | 'description' | 'priceRange' | 'maxPartySize' | 'phone' | 'email' | 'address' | 'website' | 'operatingHours' | 'reservationDuration';

/** The restaurant form (SPEC section 5): name, cuisine and price range required; party 1-20; duration 60-300 by 15. */
export function RestaurantDetailsForm({ onBack, onSubmit, busy, ownerName = '' }: DetailsStepProps<Output>) {
  const region = useVisitorPhoneRegion();
  const schema = useMemo(() => createRestaurantFormSchema(region), [region]);
  const { register, handleSubmit, control, watch, formState: { errors } } = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { ownerName, businessName: '', description: '', phone: '', email: '', address: '', website: '', operatingHours: '', maxPartySize: 8, reservationDuration: 120, openDays: [...ALL_DAYS] },
  });
  const id = (name: Name) => `restaurant-${name}`;
  const field = (name: Name) => ({ id: id(name), ...errorProps(id(name), errors[name]?.message), ...register(name, NUMBER_FIELDS.has(name) ? asNumber : undefined) });
  const err = (name: Name) => errors[name]?.message;
  const typedPhone = watch('phone');

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <Field id={id('ownerName')} label="Your name" error={err('ownerName')}>
        <Input autoComplete="name" {...field('ownerName')} />
      </Field>
      <Field id={id('businessName')} label="Restaurant name" error={err('businessName')}>
        <Input autoComplete="organization" {...field('businessName')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('cuisineType')} label="Cuisine type" error={err('cuisineType')}>
          <NativeSelect defaultValue="" {...field('cuisineType')}>
            <option value="" disabled>
              Choose a cuisine
            </option>
            {cuisineTypes.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={id('priceRange')} label="Price range" error={err('priceRange')}>
          <NativeSelect defaultValue="" {...field('priceRange')}>
            <option value="" disabled>
              Choose a price range
            </option>
            {priceRanges.map((p) => (
              <option key={p.value} value={p.value}>
                {p.value} - {p.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id={id('description')} label="Description" error={err('description')}>
        <Textarea rows={3} {...field('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('maxPartySize')} label="Max party size" error={err('maxPartySize')} hint="1 to 20 guests.">
          <Input type="number" inputMode="numeric" min={1} max={20} step={1} {...field('maxPartySize')} />
        </Field>
        <Field id={id('reservationDuration')} label="Typical reservation duration (minutes)" error={err('reservationDuration')} hint="60 to 300, in steps of 15.">
          <Input type="number" inputMode="numeric" min={60} max={300} step={15} {...field('reservationDuration')} />
        </Field>
        <PhoneField region={region} value={typeof typedPhone === 'string' ? typedPhone : undefined} error={err('phone')} {...field('phone')} />
        <Field id={id('email')} label="Email" error={err('email')}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </Field>
      </div>
      <Field id={id('address')} label="Address" error={err('address')}>
        <Input autoComplete="street-address" {...field('address')} />
      </Field>
      <Field id={id('website')} label="Website (optional)" error={err('website')}>
        <Input type="url" placeholder="https://" autoComplete="url" {...field('website')} />
      </Field>
      <Controller control={control} name="openDays" render={({ field: f }) => <OpenDaysField value={f.value ?? []} onChange={f.onChange} error={errors.openDays?.message} />} />
      <Field id={id('operatingHours')} label="Operating hours" error={err('operatingHours')} hint="A description shown to guests. Bookable times start as 5 PM - 11 PM on the days open above; change them under Time Slots in your dashboard.">
        <Textarea rows={4} placeholder={'Mon-Thu 5 PM - 10 PM\nFri-Sat 5 PM - 11 PM\nSun closed'} {...field('operatingHours')} />
      </Field>
      <FormActions onBack={onBack} busy={busy}>
        <UtensilsCrossed aria-hidden="true" /> Register Restaurant
      </FormActions>
    </form>
  );
}
