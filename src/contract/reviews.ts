import { z } from 'zod';
import { RULES } from './rules.js';

// Verified reviews (DESIGN section 10): one per completed visit, by its customer, with the owner's one
// reply and the owner's reports. The texts are kept as written (line breaks included), trimmed.

const ratingField = z
  .number({ error: (issue) => (issue.input === undefined ? 'rating is required' : 'rating must be a number from 1 to 5') })
  .int('rating must be a whole number from 1 to 5')
  .min(1, 'rating must be from 1 to 5')
  .max(5, 'rating must be from 1 to 5');

const textField = (label: string, max: number) => z.string(`${label} must be text`).trim().max(max, `${label} must be at most ${max} characters`);

/** POST /api/appointments/:id/review */
export const createReviewSchema = z.object({
  rating: ratingField,
  text: textField('text', RULES.reviewTextMax).optional().default(''),
});
export type CreateReview = z.input<typeof createReviewSchema>;

/**
 * POST /api/reviews/:id/reply: the first one posts the reply (201); another within
 * RULES.reviewReplyEditHours of the first replaces its text (200); after that, 409.
 */
export const replySchema = z.object({
  text: textField('text', RULES.reviewReplyMax).min(1, 'text is required: write the reply'),
});

/** POST /api/reviews/:id/report */
export const reportSchema = z.object({
  reason: textField('reason', RULES.reviewReportReasonMax).optional().default(''),
});

export const reviewReplySchema = z.object({
  text: z.string(),
  repliedAt: z.string(),
  /** When the reply was last edited; null if never. */
  editedAt: z.string().nullable(),
});

export const reviewSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  appointmentId: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  /** "Anna K.": the reviewer's first name and the initial of their last (reviewAuthor); never an e-mail. */
  author: z.string(),
  serviceName: z.string(),
  /** The visit's date on the business's wall clock (YYYY-MM-DD). */
  visitDate: z.string(),
  reply: reviewReplySchema.nullable(),
  /** Only for the business's owner: whether they reported it already; false for everyone else. */
  reportedByMe: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const reviewReportSchema = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** On an appointment its customer sees (appointmentSchema): their review, if written. */
export const appointmentReviewSchema = z.object({ id: z.number().int(), rating: z.number().int() });

/**
 * How a review is signed: the first word of the reviewer's full name and the initial of its last
 * ("Anna Karenina" → "Anna K."), the first word alone for a one-word name; without a name, the
 * first letter of the username with a full stop ("anna99" → "A."), so a handle that identifies
 * someone is never shown. The e-mail is never used.
 */
export function reviewAuthor(fullName: string | null | undefined, username: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 1) return words[0];
  if (words.length > 1) {
    const initial = Array.from(words[words.length - 1])[0]!.toLocaleUpperCase();
    return `${words[0]} ${initial}.`;
  }
  const first = Array.from(username.trim())[0];
  return first ? `${first.toLocaleUpperCase()}.` : 'A guest';
}

/** Whether the owner may still edit a reply posted at `repliedAt` (ISO), at `now`. */
export const replyEditable = (repliedAt: string, now: Date) => now.getTime() < Date.parse(repliedAt) + RULES.reviewReplyEditHours * 3_600_000;
