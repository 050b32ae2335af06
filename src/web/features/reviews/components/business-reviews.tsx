import type { Business } from '@contract/businesses';
import { Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ShowMore } from '@/components/ui/show-more';
import { errorMessage } from '@/lib/api-client';
import { loadedItems } from '@/lib/paged-query';
import { useBusinessReviews } from '../api/reviews';
import { RatingSummary } from './rating-summary';
import { ReviewItem } from './review-item';

/** A business page's reviews: its rating, the newest reviews with the owner's replies, and "Show more". */
export function BusinessReviews({ business }: { business: Pick<Business, 'id' | 'ratingAverage' | 'ratingCount'> }) {
  const pages = useBusinessReviews(business.id);
  const reviews = loadedItems(pages.data);
  return (
    <section aria-labelledby="reviews-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="business-reviews">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
          Reviews
        </h2>
        <RatingSummary average={business.ratingAverage} count={business.ratingCount} />
      </div>
      <p className="mb-4 text-xs text-slate-500">Only customers who completed a visit can review it.</p>
      {pages.isLoading ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading reviews">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : pages.error && !pages.isFetchNextPageError ? (
        <ErrorState title="Failed to load reviews" message={errorMessage(pages.error, '')} onRetry={() => void pages.refetch()} />
      ) : reviews.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No reviews yet</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {reviews.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
          <div className="mt-3">
            <ShowMore query={pages} label="Show more reviews" />
          </div>
        </>
      )}
    </section>
  );
}
