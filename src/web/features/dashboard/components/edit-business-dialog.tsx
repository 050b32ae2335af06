import { formatPhone } from '@contract/phone';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Business, businessCategories, cuisineTypes, priceRanges, type UpdateBusinessInput, type UpdateBusinessValues, updateBusinessSchema } from '@contract/businesses';
import { useMemo } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useUpdateBusiness } from '@/features/businesses';
import { errorMessage } from '@/lib/api-client';
import { zoneOptions } from '@/lib/business-time';
import { asNumber } from '@/lib/number-field';
import { type Coordinates, coordinatesSchema, type CoordinateTexts, coordinateTexts } from './coordinates';
import { CoordinatesFields } from './coordinates-fields';
import { DialogFormActions } from './dialog-form-actions';

// The coordinates are typed as text and checked by their own schema (both or neither); the rest by the contract's.
type FormInput = Omit<UpdateBusinessInput, 'latitude' | 'longitude'> & CoordinateTexts;
type FormOutput = UpdateBusinessValues & Coordinates;
type Name = keyof UpdateBusinessInput;
const detailsResolver = zodResolver(updateBusinessSchema);
const coordinatesResolver = zodResolver(coordinatesSchema);
const resolver: Resolver<FormInput, unknown, FormOutput> = async (values, context, options) => {
  const { latitude, longitude, ...details } = values;
  /* eslint-disable @typescript-eslint/no-explicit-any -- each half is checked by its own schema; the form's field options are shared */
  const [a, b] = await Promise.all([detailsResolver(details as any, context, options as any), coordinatesResolver({ latitude, longitude }, context, options as any)]);
  /* eslint-enable @typescript-eslint/no-explicit-any */
  const errors = { ...a.errors, ...b.errors } as FieldErrors<FormInput>;
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...(a.values as UpdateBusinessValues), ...(b.values as Coordinates) }, errors: {} };
};
const NUMBERS = new Set<Name>(['maxPartySize', 'reservationDuration', 'seatingCapacity']);
// The browser's zones, said as people say them ("New York (UTC−05:00)"); the value stays the IANA
// name, which the server checks against the database's list, as at registration.
const zones = (current: string) => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zoneOptions(all.includes(current) ? all : [current, ...all]);
};

const formValues = (b: Business): FormInput => ({
  ...coordinateTexts(b.latitude, b.longitude),
  businessName: b.businessName, description: b.description, address: b.address, phone: b.phone ? formatPhone(b.phone) : '', email: b.email, website: b.website, operatingHours: b.operatingHours, timeZone: b.timeZone,
  ...(b.businessType === 'restaurant'
    ? { cuisineType: b.cuisineType as FormInput['cuisineType'], priceRange: b.priceRange as FormInput['priceRange'], maxPartySize: b.maxPartySize ?? 8, reservationDuration: b.reservationDuration ?? 120, seatingCapacity: b.seatingCapacity ?? 40 }
    : { category: b.category as FormInput['category'] }),
});

function EditBusinessForm({ business, onDone }: { business: Business; onDone: () => void }) {
  const save = useUpdateBusiness(business.id);
  const restaurant = business.businessType === 'restaurant';
  // about 400 zones, each asked its offset of Intl: once a dialog, not on every keystroke
  const zoneChoices = useMemo(() => zones(business.timeZone), [business.timeZone]);
  const { register, handleSubmit, setValue, formState: { errors } } = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: formValues(business) });
  const id = (name: Name) => `edit-${name}`;
  const field = (name: Name) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
    ...register(name as keyof FormInput, NUMBERS.has(name) ? asNumber : undefined),
  });
  const err = (name: Name) => errors[name as keyof FormInput]?.message;
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (b) => {
        toast({ title: 'Business Updated', description: `${b.businessName}'s details are saved.` });
        onDone();
      },
      onError: (e) => toast({ title: 'Failed to update business.', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id={id('businessName')} label={restaurant ? 'Restaurant name' : 'Business name'} error={err('businessName')}>
        <Input autoComplete="organization" {...field('businessName')} />
      </Field>
      {restaurant ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id('cuisineType')} label="Cuisine type" error={err('cuisineType')}>
            <NativeSelect {...field('cuisineType')}>{cuisineTypes.map((c) => <option key={c} value={c}>{c}</option>)}</NativeSelect>
          </Field>
          <Field id={id('priceRange')} label="Price range" error={err('priceRange')}>
            <NativeSelect {...field('priceRange')}>{priceRanges.map((p) => <option key={p.value} value={p.value}>{p.value} - {p.label}</option>)}</NativeSelect>
          </Field>
          <Field id={id('maxPartySize')} label="Max party size" error={err('maxPartySize')} hint="1 to 20 guests.">
            <Input type="number" inputMode="numeric" min={1} max={20} {...field('maxPartySize')} />
          </Field>
          <Field id={id('reservationDuration')} label="Reservation duration (minutes)" error={err('reservationDuration')} hint="60 to 300, in steps of 15.">
            <Input type="number" inputMode="numeric" min={60} max={300} step={15} {...field('reservationDuration')} />
          </Field>
          <Field id={id('seatingCapacity')} label="Seating capacity" error={err('seatingCapacity')} hint="Guests seated at once, 1 to 1000.">
            <Input type="number" inputMode="numeric" min={1} max={1000} {...field('seatingCapacity')} />
          </Field>
        </div>
      ) : (
        <Field id={id('category')} label="Category" error={err('category')}>
          <NativeSelect {...field('category')}>{businessCategories.map((c) => <option key={c} value={c}>{c}</option>)}</NativeSelect>
        </Field>
      )}
      <Field id={id('description')} label="Description" error={err('description')}>
        <Textarea rows={3} {...field('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('phone')} label="Phone" error={err('phone')}>
          <Input type="tel" autoComplete="tel" {...field('phone')} />
        </Field>
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
      <CoordinatesFields
        errors={errors}
        register={(name) => register(name)}
        onLocated={(texts) => {
          setValue('latitude', texts.latitude, { shouldDirty: true, shouldValidate: true });
          setValue('longitude', texts.longitude, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <Field id={id('timeZone')} label="Time zone" error={err('timeZone')} hint="Appointment dates and times are read in this zone.">
        <NativeSelect {...field('timeZone')}>{zoneChoices.map((z) => <option key={z.value} value={z.value}>{z.label}</option>)}</NativeSelect>
      </Field>
      <Field id={id('operatingHours')} label="Opening hours description" error={err('operatingHours')} hint={`Free text shown to customers. Bookable times come from ${restaurant ? 'Time Slots' : 'Availability'}.`}>
        <Textarea rows={3} {...field('operatingHours')} />
      </Field>
      <DialogFormActions onCancel={onDone} busy={save.isPending} submitLabel={save.isPending ? 'Saving…' : 'Save Changes'} />
    </form>
  );
}

/** The dashboard's Edit details action: the Settings tab stays read-only (SPEC section 2). */
export function EditBusinessDialog({ business, open, onOpenChange }: { business: Business; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit business details" description="What customers see about your business." className="max-w-2xl">
      {open && <EditBusinessForm business={business} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
