import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { ReviewReport } from '../../../contract/reviews.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { requireReviewOwner } from './reply-to-review.js';
import * as repository from './reviews.repository.js';

/**
 * The business's owner reports a review to the platform, once; the review stays visible until the
 * platform decides (DESIGN section 10: no moderation screen yet).
 */
export async function reportReview(db: Db, user: User, reviewId: number, reason: string): Promise<ReviewReport> {
  await requireReviewOwner(db, user, reviewId);
  const report = await repository.insertReport(db, { reviewId, reporterId: user.id, reason });
  if (!report) throw new AppError(ErrorCode.ALREADY_REPORTED, 'You have already reported this review');
  return { ...report, createdAt: report.createdAt.toISOString() };
}
