import { zodResolver } from '@hookform/resolvers/zod';
import { customerRegistrationFormSchema, type User } from '@contract/auth';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useRegister } from '@/features/auth/api/register';
import { errorMessage } from '@/lib/api-client';
import { NewPasswordField } from './new-password-field';

type FormInput = z.input<typeof customerRegistrationFormSchema>;
type FormOutput = z.output<typeof customerRegistrationFormSchema>;
type FieldName = keyof FormInput;

const fields: { name: FieldName; label: string; type: string; autoComplete: string; hint?: string }[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', hint: 'At least 3 characters.' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

/**
 * A customer account in one form; on success the visitor is signed in (useRegister sets ['user']) and
 * `onRegistered` runs (the sign-in detour uses it to go back to the booking).
 */
export function CustomerRegisterForm({ onRegistered, idPrefix = 'signup' }: { onRegistered?: (user: User) => void; idPrefix?: string } = {}) {
  const registerUser = useRegister();
  const { register, handleSubmit, formState: { errors } } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(customerRegistrationFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...account }) =>
    registerUser.mutate(
      { ...account, userType: 'customer' },
      {
        onSuccess: (user) => {
          toast({ title: 'Account created successfully!', description: `Welcome to Que, ${user.username}.` });
          onRegistered?.(user);
        },
        onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error, 'Please try again'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {fields.map((f) => {
        const id = `${idPrefix}-${f.name}`;
        const error = errors[f.name]?.message;
        // The rule is stated before anything is typed, as on business and restaurant registration.
        if (f.name === 'password') return <NewPasswordField key={f.name} id={id} error={error} registration={register(f.name)} />;
        return (
          <Field key={f.name} id={id} label={f.label} error={error} hint={f.hint}>
            <Input id={id} type={f.type} autoComplete={f.autoComplete} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...register(f.name)} />
          </Field>
        );
      })}
      <Button type="submit" className="w-full" disabled={registerUser.isPending}>
        <UserPlus aria-hidden="true" /> {registerUser.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
