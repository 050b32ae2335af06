import { useState } from 'react';
import { DURATION_UNITS, type DurationUnit, toMinutes, toParts } from '@/lib/duration-units';
import { Input, NativeSelect } from './input';

/**
 * A length of time typed as an amount and a unit (minutes, hours or days), kept in minutes as the
 * API takes it: 1440 reads "1 day". `value` null is empty. The input carries `id` (its Field's label);
 * the unit select is named "<label> unit" for screen readers.
 */
export function DurationInput({ id, label, value, onChange, invalid, describedBy, defaultUnit = 'minutes' }: {
  id: string; label: string; value: number | null; onChange: (minutes: number | null) => void; invalid?: boolean; describedBy?: string; defaultUnit?: DurationUnit;
}) {
  // The typed text is kept as typed ("1.5"); the unit the owner picked stays picked.
  const [parts, setParts] = useState(() => toParts(value, defaultUnit));
  const change = (next: { amount: string; unit: DurationUnit }) => {
    setParts(next);
    onChange(toMinutes(next.amount, next.unit));
  };
  return (
    <div className="flex gap-2">
      <Input id={id} type="number" inputMode="decimal" min={0} className="min-w-0 flex-1" value={parts.amount} aria-invalid={invalid ? true : undefined} aria-describedby={describedBy}
        onChange={(e) => change({ ...parts, amount: e.target.value })} />
      <NativeSelect aria-label={`${label} unit`} className="w-28 shrink-0" value={parts.unit} onChange={(e) => change({ ...parts, unit: e.target.value as DurationUnit })}>
        {DURATION_UNITS.map(({ unit }) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
