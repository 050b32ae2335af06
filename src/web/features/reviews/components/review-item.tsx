import { BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Review } from '@contract/reviews';
import { formatLongDate } from '@/components/ui/calendar';
import { Stars } from './stars';

/** "November 26, 2026" of an instant, in the visitor's own zone (when the reply was written). */
const onDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** One review: stars, who (first name and initial), what and when they visited, the text, and the owner's reply under it. */
export function ReviewItem({ review, children }: { review: Review; children?: ReactNode }) {
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-medium text-slate-900">{review.author}</span>
        {/* Every review is of a completed visit, by its customer (DESIGN section 10): said on each, so a reader knows. */}
        <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700" data-testid="review-verified">
          <BadgeCheck className="size-4" aria-hidden="true" />
          Verified visit
        </span>
        <span className="text-sm text-slate-500">
          {review.serviceName} · visited {formatLongDate(review.visitDate)}
        </span>
      </div>
      {review.text && <p className="whitespace-pre-line break-words text-sm text-slate-700">{review.text}</p>}
      {review.reply && (
        <div className="ml-3 border-l-2 border-brand-500 pl-3 text-sm" data-testid="review-reply">
          <p className="font-medium text-slate-900">
            Reply from the owner <span className="font-normal text-slate-500">· {onDay(review.reply.repliedAt)}{review.reply.editedAt ? ' (edited)' : ''}</span>
          </p>
          <p className="whitespace-pre-line break-words text-slate-700">{review.reply.text}</p>
        </div>
      )}
      {children}
    </li>
  );
}
