import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';

const LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * Choosing 1 to 5 stars: a radio group, so Tab reaches it once and the arrow keys move the choice,
 * as with any set of radio buttons; each star is named ("4 stars, Very good").
 */
export function StarInput({ value, onChange, legend = 'Your rating' }: { value: number; onChange: (rating: number) => void; legend?: string }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="group relative cursor-pointer rounded p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" aria-label={`${n} ${n === 1 ? 'star' : 'stars'}, ${LABELS[n - 1]}`} />
            <Star className={cn('size-8 transition-colors', n <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-300 group-hover:text-amber-300')} aria-hidden="true" />
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value > 0 ? LABELS[value - 1] : 'Choose 1 to 5 stars'}
        </span>
      </div>
    </fieldset>
  );
}
