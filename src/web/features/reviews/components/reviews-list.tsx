import type { ReactNode } from 'react';
import type { Review } from '@contract/reviews';
import { Skeleton } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ShowMore } from '@/components/ui/show-more';
import { errorMessage } from '@/lib/api-client';
import { loadedItems } from '@/lib/paged-query';
import { useBusinessReviews } from '../api/reviews';
import { ReviewItem } from './review-item';

/**
 * A business's reviews, newest first, page by page, with their loading, error and empty states: what
 * the business page and the owner's Reviews tab both show; `actions` adds the owner's buttons.
 */
export function ReviewsList({ businessId, empty, actions }: { businessId: number; empty: string; actions?: (review: Review) => ReactNode }) {
  const pages = useBusinessReviews(businessId);
  const reviews = loadedItems(pages.data);
  if (pages.isLoading) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading reviews">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (pages.error && !pages.isFetchNextPageError) {
    return <ErrorState title="Failed to load reviews" message={errorMessage(pages.error, '')} onRetry={() => void pages.refetch()} />;
  }
  if (reviews.length === 0) return <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">{empty}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {reviews.map((r) => (
          <ReviewItem key={r.id} review={r}>
            {actions?.(r)}
          </ReviewItem>
        ))}
      </ul>
      <div className="mt-3">
        <ShowMore query={pages} label="Show more reviews" />
      </div>
    </>
  );
}
