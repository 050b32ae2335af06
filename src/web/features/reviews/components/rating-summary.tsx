import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * A business's verified-review rating as cards and pages show it (DESIGN section 10): "★ 4.6 (23
 * reviews)", or "New" without reviews, never a made-up number.
 */
export function RatingSummary({ average, count, className }: { average: number | null; count: number; className?: string }) {
  if (average === null || count === 0) {
    return (
      <span className={cn('inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200', className)} role="img" aria-label="New: no reviews yet">
        New
      </span>
    );
  }
  const reviews = `${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)} role="img" aria-label={`Rated ${average.toFixed(1)} out of 5 from ${reviews}`}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="font-semibold">{average.toFixed(1)}</span>
      <span className="text-gray-600">({reviews})</span>
    </span>
  );
}
