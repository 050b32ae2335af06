import { type Control, Controller, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { Link } from 'react-router';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/input';

/** aria wiring for a field whose error <Field> renders as `${name}-error`; before any error it points at its hint, if it has one. */
export function invalidProps<T extends FieldValues>(errors: FieldErrors<T>, name: Path<T>, hintId?: string) {
  const failed = Boolean(errors[name]);
  return { 'aria-invalid': failed ? true : undefined, 'aria-describedby': failed ? `${name}-error` : hintId };
}

/** The customer's choice to keep a booking out of the swap market. */
export function BlockOffersField<T extends FieldValues & { blockOffers?: boolean }>({ control, what }: { control: Control<T>; what: 'appointment' | 'reservation' }) {
  return (
    <Controller
      control={control}
      name={'blockOffers' as Path<T>}
      render={({ field }) => (
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
          <Checkbox id="blockOffers" checked={field.value ?? false} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} className="mt-0.5" />
          <Label htmlFor="blockOffers" className="font-normal">
            Block queue jump and move back offers for this {what}
          </Label>
        </div>
      )}
    />
  );
}

export function FormActions({ onBack, busy, submitLabel, busyLabel }: { onBack: () => void; busy: boolean; submitLabel: string; busyLabel: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
      <Button type="button" variant="outline" onClick={onBack}>
        Back to Date & Time
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * Above the contact fields: signed out, that login comes first; signed in, where the name and phone
 * came from, or (with a profile still missing them) that this booking's are kept for the next one.
 */
export function ContactNote({ user, action }: { user: User | null; action: 'book' | 'confirm' }) {
  if (!user) return <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">You are not signed in. You will be asked to log in when you {action}.</p>;
  const profileLink = (
    <Link to="/account" className="font-medium text-brand-700 underline">
      your profile
    </Link>
  );
  return (
    <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="contact-note">
      {user.fullName && user.phone ? <>Your name and phone are filled in from {profileLink}.</> : <>The name and phone you book with are saved to {profileLink} for next time.</>}
    </p>
  );
}
