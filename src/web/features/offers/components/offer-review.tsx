import { ArrowRightLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { moneyLines, moveLines, type SwapTerms } from '../lib/swap-terms';

/**
 * The confirmation of a binding offer step (send, counter, accept, accept counter): who moves where, what
 * is paid and received with the fees, and when it binds (`note`), before anything happens.
 */
export function OfferReview({ terms, note }: { terms: SwapTerms; note: string }) {
  // The button that opened the review is gone: reading starts at what is about to happen.
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.focus(), []);
  return (
    <section ref={section} tabIndex={-1} aria-label="What happens" className="space-y-3 rounded-lg border border-brand-100 bg-brand-50/60 p-3 text-sm outline-none" data-testid="offer-review">
      <ul className="space-y-1" data-testid="offer-review-moves">
        {moveLines(terms).map((line) => (
          <li key={line} className="flex gap-2 text-slate-900">
            <ArrowRightLeft className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-brand-100 pt-2" data-testid="offer-review-money">
        {moneyLines(terms).map((line) => (
          // The fees that make the amount are part of its term: a <dl> holds only terms and values.
          <div key={line.label} className="flex items-start justify-between gap-3">
            <dt className="min-w-0">
              <span className="font-semibold text-slate-900">{line.label}</span>
              <span className="block text-xs text-slate-600">{line.detail}</span>
            </dt>
            <dd className="shrink-0 font-semibold tabular-nums text-slate-900">{line.amount}</dd>
          </div>
        ))}
      </dl>
      <p className="text-slate-700" data-testid="offer-review-note">
        {note}
      </p>
    </section>
  );
}
