import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@contract/auth';
import type { CountryCode } from 'libphonenumber-js';
import { profilePhoneField, updateProfileSchema } from '@contract/profile';
import { formatPhone } from '@contract/phone';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { PhoneField } from '@/components/ui/phone-field';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useVisitorPhoneRegion } from '@/lib/phone-region';
import { useUpdateProfile } from '../api/update-profile';

// The form edits only the two contact fields; the server's schema (contract/profile.ts) checks them the
// same way, except that a number typed without "+" is read as one of the visitor's region, and sent in E.164.
const profileFormSchema = updateProfileSchema.omit({ userId: true });
const profileFormSchemaFor = (region: CountryCode) => profileFormSchema.extend({ phone: profilePhoneField(region) });
type ProfileInput = z.input<typeof profileFormSchema>;
type ProfileValues = z.output<typeof profileFormSchema>;
const fieldNames = ['fullName', 'phone'] as const;

/** The full name and phone that prefill every booking; blank clears one. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const region = useVisitorPhoneRegion();
  const schema = useMemo(() => profileFormSchemaFor(region), [region]);
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { fullName: user.fullName ?? '', phone: user.phone ? formatPhone(user.phone, region) : '' },
  });
  const typedPhone = form.watch('phone');
  const { errors } = form.formState;
  const described = (name: (typeof fieldNames)[number], hint?: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `profile-${name}-error` : hint,
  });

  const save = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        // What was kept, as it will be shown next time: "+1 212…" typed reads "(212) 555-0142" in the US.
        form.reset({ fullName: saved.fullName ?? '', phone: saved.phone ? formatPhone(saved.phone, region) : '' });
        toast({ title: 'Profile saved', description: 'Your next bookings will be filled in with these details.' });
      },
      onError: (error) => {
        // A refusal that names one of the fields is shown at that field; anything else as a toast.
        const field = fieldNames.find((name) => error instanceof ApiError && error.serverMessage?.startsWith(`${name}: `));
        if (field && error instanceof ApiError) form.setError(field, { message: error.serverMessage!.slice(field.length + 2) }, { shouldFocus: true });
        else toast({ title: 'Profile not saved', description: errorMessage(error, 'Please try again'), variant: 'destructive' });
      },
    }),
  );

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <Field id="profile-fullName" label="Full name" error={errors.fullName?.message}>
        <Input id="profile-fullName" autoComplete="name" {...described('fullName')} {...form.register('fullName')} />
      </Field>
      <PhoneField
        id="profile-phone"
        region={region}
        value={typeof typedPhone === 'string' ? typedPhone : undefined}
        error={errors.phone?.message}
        {...described('phone', 'profile-phone-hint')}
        {...form.register('phone')}
      />
      <Button type="submit" disabled={update.isPending}>
        <Save aria-hidden="true" /> {update.isPending ? 'Saving…' : 'Save Profile'}
      </Button>
    </form>
  );
}
