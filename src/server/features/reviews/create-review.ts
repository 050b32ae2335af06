import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Review } from '../../../contract/reviews.js';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { toReview } from './review-view.js';
import * as repository from './reviews.repository.js';

const DAY = 86_400_000;

/** The last moment a visit completed at `completedAt` may be reviewed. */
export const reviewableUntil = (completedAt: Date) => new Date(completedAt.getTime() + RULES.reviewWindowDays * DAY);

/**
 * The customer of a completed visit reviews it, once, within RULES.reviewWindowDays of its
 * completion (DESIGN section 10). The review and the business's rating summary are written in one
 * transaction; the unique index on reviews.appointment_id decides between two racing reviews.
 * A completed appointment never changes again, so the checks read before the transaction hold in it.
 */
export async function createReview(db: Db, user: User, appointmentId: number, input: { rating: number; text: string }, now: Date): Promise<Review> {
  const visit = await repository.findAppointmentToReview(db, appointmentId);
  if (!visit) throw notFound('Appointment');
  if (visit.ownerId === user.id) throw forbidden('You cannot review your own business');
  if (visit.customerId !== user.id) throw forbidden('Only the customer of this visit can review it');
  if (visit.status === 'cancelled') throw new AppError(ErrorCode.NOT_REVIEWABLE, 'A cancelled appointment cannot be reviewed');
  if (visit.status !== 'completed') throw new AppError(ErrorCode.NOT_REVIEWABLE, 'You can review this visit once the business marks it completed');
  if (now > reviewableUntil(visit.completedAt)) {
    throw new AppError(ErrorCode.REVIEW_WINDOW_CLOSED, `Reviews can be written up to ${RULES.reviewWindowDays} days after the visit; this one's time has passed`);
  }
  const id = await unitOfWork(db, async (tx) => {
    const inserted = await repository.insertReview(tx, { appointmentId, businessId: visit.businessId, customerId: user.id, rating: input.rating, text: input.text, at: now });
    if (inserted === null) throw new AppError(ErrorCode.ALREADY_REVIEWED, 'You have already reviewed this visit');
    await repository.addRating(tx, visit.businessId, input.rating);
    return inserted;
  });
  const row = await repository.findReview(db, id, user.id);
  return toReview(row!);
}
