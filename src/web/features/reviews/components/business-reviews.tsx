import type { Business } from '@contract/businesses';
import { RatingSummary } from './rating-summary';
import { ReviewsList } from './reviews-list';

/** A business page's reviews: its rating, the newest reviews with the owner's replies, and "Show more". */
export function BusinessReviews({ business }: { business: Pick<Business, 'id' | 'ratingAverage' | 'ratingCount'> }) {
  return (
    <section aria-labelledby="reviews-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="business-reviews">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
          Reviews
        </h2>
        <RatingSummary average={business.ratingAverage} count={business.ratingCount} />
      </div>
      <p className="mb-4 text-xs text-slate-500">Only customers who completed a visit can review it.</p>
      <ReviewsList businessId={business.id} empty="No reviews yet" />
    </section>
  );
}
