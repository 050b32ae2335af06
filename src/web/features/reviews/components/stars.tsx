import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A rating shown as five stars, read out as "Rated 4 out of 5". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300')} aria-hidden="true" />
      ))}
    </span>
  );
}
