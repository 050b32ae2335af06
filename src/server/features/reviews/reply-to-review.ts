import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Review } from '../../../contract/reviews.js';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { toReview } from './review-view.js';
import * as repository from './reviews.repository.js';

/** Who may act on a review for its business: the owner, else 403 (404 without the review). */
export async function requireReviewOwner(db: Db, user: User, reviewId: number) {
  const review = await repository.findReviewOwner(db, reviewId);
  if (!review) throw notFound('Review');
  if (review.ownerId !== user.id) throw forbidden('Only the owner of this business can do this');
  return review;
}

/**
 * The owner's one reply (POST /api/reviews/:id/reply): the first post writes it (created: true, 201);
 * a post within RULES.reviewReplyEditHours of the first replaces its text (200); later, 409. Each
 * step is one conditional UPDATE, so two racing first replies make one reply and one edit.
 */
export async function replyToReview(db: Db, user: User, reviewId: number, text: string, now: Date): Promise<{ created: boolean; review: Review }> {
  await requireReviewOwner(db, user, reviewId);
  let created = await repository.postReply(db, reviewId, text, now);
  if (!created) {
    const since = new Date(now.getTime() - RULES.reviewReplyEditHours * 3_600_000);
    if (!(await repository.editReply(db, reviewId, text, now, since))) {
      throw new AppError(ErrorCode.REPLY_EDIT_WINDOW_CLOSED, `A reply can be edited for ${RULES.reviewReplyEditHours} hours after it was posted; this one can no longer be changed`);
    }
    created = false;
  }
  const row = await repository.findReview(db, reviewId, user.id);
  return { created, review: toReview(row!) };
}
