import { PASSWORD_RULE } from '@contract/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input, Label } from '@/components/ui/input';

/**
 * The rule a new password follows, stated before anything is typed (and read with the field by screen
 * readers), on every form that creates an account: the customer's on My Appointments and step 1 of
 * business and restaurant registration. A refusal then names the part of the rule that was broken.
 */
export function PasswordRuleHint({ id }: { id: string }) {
  return (
    <p id={id} className="text-xs text-slate-500" data-testid="password-rule">
      {PASSWORD_RULE}
    </p>
  );
}

/** A new password's field: label, input, the rule, and the error in words. */
export function NewPasswordField({ id, label = 'Password', error, registration }: { id: string; label?: string; error?: string; registration: UseFormRegisterReturn }) {
  const hintId = `${id}-rule`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" autoComplete="new-password" aria-invalid={error ? true : undefined} aria-describedby={error ? `${hintId} ${id}-error` : hintId} {...registration} />
      <PasswordRuleHint id={hintId} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
