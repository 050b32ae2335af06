import { Input, Label } from '@/components/ui/input';

/**
 * A dollar amount box; the value stays the typed text, parsed to cents by the caller (checkAmount).
 * `error` is what is wrong with it as typed, shown under it and announced with it.
 */
export function AmountField({ id, label, value, onChange, min, max, step, hint, error }: {
  id: string; label: string; value: string; onChange: (value: string) => void; min: number; max?: number; step: number | string; hint?: string; error?: string | null;
}) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500" aria-hidden="true">
          $
        </span>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="pl-7"
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
