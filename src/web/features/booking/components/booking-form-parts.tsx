import { type Control, Controller, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/input';

/** aria wiring for a field whose error <Field> renders as `${name}-error`. */
export function invalidProps<T extends FieldValues>(errors: FieldErrors<T>, name: Path<T>) {
  const failed = Boolean(errors[name]);
  return { 'aria-invalid': failed ? true : undefined, 'aria-describedby': failed ? `${name}-error` : undefined };
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
