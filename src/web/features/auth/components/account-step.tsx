import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '@contract/auth';
import { ArrowRight } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { checkUsername } from '../api/check-username';
import { NewPasswordField } from './new-password-field';

/** Username, email and password of a new account, with the server's own rules. */
export const accountStepSchema = registerSchema.omit({ userType: true });
export type AccountDetails = z.output<typeof accountStepSchema>;

/** Step 1 of business and restaurant registration: collects the account; it is created on final submit. */
export function AccountStep({ onContinue, idPrefix }: { onContinue: (account: AccountDetails) => void; idPrefix: string }) {
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<z.input<typeof accountStepSchema>, unknown, AccountDetails>({
    resolver: zodResolver(accountStepSchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const id = (name: string) => `${idPrefix}-${name}`;
  const described = (name: 'username' | 'email') => ({
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
  });

  // A taken username is said here, on step 1, not after the business details of step 2.
  const submit = handleSubmit(async (account) => {
    try {
      const { available } = await checkUsername(account.username);
      if (!available) return setError('username', { message: 'That username is already taken' }, { shouldFocus: true });
    } catch (error) {
      // The final submit checks again; a failed look-up (or too many) need not stop the owner here.
      console.warn('Username check failed:', errorMessage(error, 'unknown error'));
    }
    onContinue(account);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id={id('username')} label="Username" error={errors.username?.message} hint="At least 3 characters.">
        <Input id={id('username')} autoComplete="username" autoCapitalize="none" {...described('username')} {...register('username')} />
      </Field>
      <Field id={id('email')} label="Email" error={errors.email?.message}>
        <Input id={id('email')} type="email" autoComplete="email" {...described('email')} {...register('email')} />
      </Field>
      <NewPasswordField id={id('password')} error={errors.password?.message} registration={register('password')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Checking…' : 'Continue'} <ArrowRight aria-hidden="true" />
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
