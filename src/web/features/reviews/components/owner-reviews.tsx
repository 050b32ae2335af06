import type { Business } from '@contract/businesses';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { OwnerReviewActions } from './owner-review-actions';
import { RatingSummary } from './rating-summary';
import { ReviewsList } from './reviews-list';

/** The dashboard's Reviews tab: the owner's reviews, newest first, each to reply to and report. */
export function OwnerReviews({ business }: { business: Pick<Business, 'id' | 'ratingAverage' | 'ratingCount'> }) {
  const now = new Date();
  return (
    <Card data-testid="owner-reviews">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>Reviews</CardTitle>
        <RatingSummary average={business.ratingAverage} count={business.ratingCount} />
      </CardHeader>
      <CardContent>
        <ReviewsList
          businessId={business.id}
          empty="No reviews yet. Customers can review a visit once you mark it completed."
          actions={(r) => <OwnerReviewActions review={r} now={now} />}
        />
      </CardContent>
    </Card>
  );
}
