// Monday first, as people read a week; the values stay 0 = Sunday.
const DAYS = [
  [1, 'Mon'], [2, 'Tue'], [3, 'Wed'], [4, 'Thu'], [5, 'Fri'], [6, 'Sat'], [0, 'Sun'],
] as const;
const FULL = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Days open": the restaurant's default time slots are made for these weekdays only. */
export function OpenDaysField({ value, onChange, error }: { value: number[]; onChange: (days: number[]) => void; error?: string }) {
  const toggle = (day: number, on: boolean) => onChange(on ? [...value, day].sort((a, b) => a - b) : value.filter((d) => d !== day));
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? 'restaurant-openDays-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">Days open</legend>
      <div className="flex flex-wrap gap-2">
        {DAYS.map(([day, label]) => (
          <label key={day} className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
            <input type="checkbox" className="size-4 accent-brand-600" checked={value.includes(day)} onChange={(e) => toggle(day, e.target.checked)} aria-label={FULL[day]} />
            <span aria-hidden="true">{label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="restaurant-openDays-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p className="text-xs text-slate-500">Reservations start on these days, 5 PM to 11 PM every 30 minutes.</p>
      )}
    </fieldset>
  );
}
