import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReview, Review, ReviewReport } from '@contract/reviews';
import { apiPost } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/** How many reviews a page shows before "Show more". */
export const REVIEWS_PAGE = 5;

/** GET /api/businesses/:id/reviews: newest first, a page at a time (the Link header leads to the next). */
export const useBusinessReviews = (businessId: number) =>
  useInfiniteQuery(pagedQueryOptions<Review[]>(queryKeys.businessReviews(businessId), `/api/businesses/${businessId}/reviews?limit=${REVIEWS_PAGE}`));

/** POST /api/appointments/:id/review: the customer's review of a completed visit. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, review }: { appointmentId: number; review: CreateReview }) => apiPost<Review>(`/api/appointments/${appointmentId}/review`, review),
    // The visit now shows its stars; the business its new rating and review.
    onSuccess: (review) => invalidateKeys(queryClient, [queryKeys.myAppointments(), queryKeys.business(review.businessId), queryKeys.businessLists()]),
  });
}

/** POST /api/reviews/:id/reply: the owner's reply, or its edit within 24 hours of the first. */
export function useReplyToReview(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: number; text: string }) => apiPost<Review>(`/api/reviews/${reviewId}/reply`, { text }),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessReviews(businessId)]),
  });
}

/** POST /api/reviews/:id/report: the owner tells the platform about a review; it stays visible. */
export function useReportReview(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: number; reason: string }) => apiPost<ReviewReport>(`/api/reviews/${reviewId}/report`, { reason }),
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessReviews(businessId)]),
  });
}
