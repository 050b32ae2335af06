import { type Review, reviewAuthor } from '../../../contract/reviews.js';
import type { ReviewRow } from './reviews.repository.js';

/** The wire shape of a review: signed with a first name and an initial, never more of the person. */
export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    businessId: row.businessId,
    appointmentId: row.appointmentId,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt,
    // the profile's name, else the name given at booking, else the username's initial
    author: reviewAuthor(row.fullName ?? row.bookedName, row.username),
    serviceName: row.serviceName,
    visitDate: row.visitDate,
    reply: row.replyText !== null && row.repliedAt !== null ? { text: row.replyText, repliedAt: row.repliedAt, editedAt: row.replyEditedAt } : null,
    reportedByMe: row.reportedByMe,
  };
}
