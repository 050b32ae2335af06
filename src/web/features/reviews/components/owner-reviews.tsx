import type { Business } from '@contract/businesses';
import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ShowMore } from '@/components/ui/show-more';
import { errorMessage } from '@/lib/api-client';
import { loadedItems } from '@/lib/paged-query';
import { useBusinessReviews } from '../api/reviews';
import { OwnerReviewActions } from './owner-review-actions';
import { RatingSummary } from './rating-summary';
import { ReviewItem } from './review-item';

/** The dashboard's Reviews tab: the owner's reviews, newest first, each to reply to and report. */
export function OwnerReviews({ business }: { business: Pick<Business, 'id' | 'ratingAverage' | 'ratingCount'> }) {
  const pages = useBusinessReviews(business.id);
  const reviews = loadedItems(pages.data);
  const now = new Date();
  return (
    <Card data-testid="owner-reviews">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>Reviews</CardTitle>
        <RatingSummary average={business.ratingAverage} count={business.ratingCount} />
      </CardHeader>
      <CardContent>
        {pages.isLoading ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading reviews">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : pages.error && !pages.isFetchNextPageError ? (
          <ErrorState title="Failed to load reviews" message={errorMessage(pages.error, '')} onRetry={() => void pages.refetch()} />
        ) : reviews.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">No reviews yet. Customers can review a visit once you mark it completed.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {reviews.map((r) => (
                <ReviewItem key={r.id} review={r}>
                  <OwnerReviewActions review={r} now={now} />
                </ReviewItem>
              ))}
            </ul>
            <div className="mt-3">
              <ShowMore query={pages} label="Show more reviews" />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
