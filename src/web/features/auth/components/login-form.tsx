import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginSchema } from '@contract/auth';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useLogin } from '@/features/auth/api/login';
import { ApiError, errorMessage } from '@/lib/api-client';
import { loginDestination } from './login-redirect';
import { TestAccounts } from './test-accounts';

/** SPEC section 8: a 401 reads 'Invalid username or password'; otherwise the server's words or 'Invalid credentials'. */
const loginFailureMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 401 ? 'Invalid username or password' : errorMessage(error, 'Invalid credentials');

export function LoginForm() {
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { register, handleSubmit, setValue, formState: { errors } } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Login Successful', description: `Welcome back, ${user.username}!` });
        void navigate(loginDestination(params.get('redirect'), user), { replace: true });
      },
      onError: (error) => toast({ title: 'Login Failed', description: loginFailureMessage(error), variant: 'destructive' }),
    }),
  );

  const pick = (username: string, password: string) => {
    setValue('username', username, { shouldValidate: true });
    setValue('password', password, { shouldValidate: true });
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="login-username" label="Username" error={errors.username?.message}>
          <Input id="login-username" autoComplete="username" autoCapitalize="none" aria-invalid={!!errors.username} aria-describedby={errors.username ? 'login-username-error' : undefined} {...register('username')} />
        </Field>
        <Field id="login-password" label="Password" error={errors.password?.message}>
          <Input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} aria-describedby={errors.password ? 'login-password-error' : undefined} {...register('password')} />
        </Field>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          <LogIn aria-hidden="true" /> {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      <TestAccounts onPick={pick} />
    </div>
  );
}
