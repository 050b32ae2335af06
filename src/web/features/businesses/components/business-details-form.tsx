import { zodResolver } from '@hookform/resolvers/zod';
import { businessCategories, createBusinessFormSchema } from '@contract/businesses';
import { Building2 } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input, NativeSelect, Textarea } from '@/components/ui/input';
import { PhoneField } from '@/components/ui/phone-field';
import { useVisitorPhoneRegion } from '@/lib/phone-region';
import { errorProps, FormActions } from './form-actions';
import type { DetailsStepProps } from './onboarding-flow';

type FormInput = z.input<ReturnType<typeof createBusinessFormSchema>>;
type Output = z.output<ReturnType<typeof createBusinessFormSchema>>;

/**
 * Step 2 of business registration: the owner's name (their profile's, and the first staff member's:
 * customers book "with" them), business name and category are required; a phone must be a real
 * number (read as the visitor's region without +), a website a URL.
 */
export function BusinessDetailsForm({ onBack, onSubmit, busy, ownerName = '' }: DetailsStepProps<Output>) {
  const region = useVisitorPhoneRegion();
  const schema = useMemo(() => createBusinessFormSchema(region), [region]);
  const { register, handleSubmit, watch, formState: { errors } } = useForm<FormInput, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { ownerName, businessName: '', description: '', address: '', phone: '', website: '' },
  });
  const typedPhone = watch('phone');
  const e = {
    ownerName: errors.ownerName?.message,
    businessName: errors.businessName?.message,
    category: errors.category?.message,
    description: errors.description?.message,
    address: errors.address?.message,
    phone: errors.phone?.message,
    website: errors.website?.message,
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <Field id="biz-owner-name" label="Your name" error={e.ownerName} hint="Customers book with you by this name; add more staff later.">
        <Input id="biz-owner-name" autoComplete="name" {...errorProps('biz-owner-name', e.ownerName)} {...register('ownerName')} />
      </Field>
      <Field id="biz-name" label="Business name" error={e.businessName}>
        <Input id="biz-name" autoComplete="organization" {...errorProps('biz-name', e.businessName)} {...register('businessName')} />
      </Field>
      <Field id="biz-category" label="Category" error={e.category}>
        <NativeSelect id="biz-category" defaultValue="" {...errorProps('biz-category', e.category)} {...register('category')}>
          <option value="" disabled>
            Choose a category
          </option>
          {businessCategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="biz-description" label="Description" error={e.description} hint="What you offer, in a sentence or two.">
        <Textarea id="biz-description" rows={3} {...errorProps('biz-description', e.description)} {...register('description')} />
      </Field>
      <Field id="biz-address" label="Address" error={e.address}>
        <Input id="biz-address" autoComplete="street-address" {...errorProps('biz-address', e.address)} {...register('address')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <PhoneField id="biz-phone" region={region} value={typeof typedPhone === 'string' ? typedPhone : undefined} error={e.phone} {...errorProps('biz-phone', e.phone)} {...register('phone')} />
        <Field id="biz-website" label="Website (optional)" error={e.website}>
          <Input id="biz-website" type="url" placeholder="https://" autoComplete="url" {...errorProps('biz-website', e.website)} {...register('website')} />
        </Field>
      </div>
      <FormActions onBack={onBack} busy={busy}>
        <Building2 aria-hidden="true" /> Register Business
      </FormActions>
    </form>
  );
}
