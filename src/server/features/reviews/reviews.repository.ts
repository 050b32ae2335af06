import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newestFirst, type PageKey } from '../../db/keyset.js';
import { appointments, businesses, reviewReports, reviews, services, users } from '../../db/schema.js';

/**
 * What deciding on a review needs of its appointment. A completed appointment is never written again
 * (every change refuses one), so its updated_at is when it was completed: the app keeps no separate
 * completion time (NEEDS-MIGRATION.md proposes one).
 */
export async function findAppointmentToReview(db: Db, appointmentId: number) {
  const [row] = await db
    .select({
      id: appointments.id,
      businessId: appointments.businessId,
      customerId: appointments.customerId,
      status: appointments.status,
      completedAt: appointments.updatedAt,
      ownerId: businesses.ownerId,
    })
    .from(appointments)
    .innerJoin(businesses, eq(businesses.id, appointments.businessId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row ?? null;
}

/** The review, or null when this appointment has one already: the unique index decides between racing writers. */
export async function insertReview(tx: Db, r: { appointmentId: number; businessId: number; customerId: number; rating: number; text: string; at: Date }) {
  const [row] = await tx
    .insert(reviews)
    .values({ appointmentId: r.appointmentId, businessId: r.businessId, customerId: r.customerId, rating: r.rating, text: r.text, createdAt: r.at })
    .onConflictDoNothing({ target: reviews.appointmentId })
    .returning({ id: reviews.id });
  return row?.id ?? null;
}

/**
 * Adds one rating to the business's summary in the review's transaction. Arithmetic on the row as it
 * stands when the update takes its lock, so parallel reviews of one business each count.
 */
export async function addRating(tx: Db, businessId: number, rating: number) {
  await tx
    .update(businesses)
    .set({
      ratingCount: sql`${businesses.ratingCount} + 1`,
      ratingTotal: sql`${businesses.ratingTotal} + ${rating}::int`,
      ratingAverage: sql`round((${businesses.ratingTotal} + ${rating}::int)::numeric / (${businesses.ratingCount} + 1), 1)`,
    })
    .where(eq(businesses.id, businessId));
}

const pages = newestFirst(reviews.createdAt, reviews.id);

const iso = (column: unknown) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const reviewColumns = (viewerId: number | null) => ({
  id: reviews.id,
  businessId: reviews.businessId,
  appointmentId: reviews.appointmentId,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: sql<string>`${iso(reviews.createdAt)}`,
  fullName: users.fullName,
  username: users.username,
  bookedName: appointments.customerName,
  serviceName: services.name,
  // starts_at is the business's wall clock already
  visitDate: sql<string>`to_char(${appointments.startsAt}, 'YYYY-MM-DD')`,
  replyText: reviews.replyText,
  repliedAt: iso(reviews.repliedAt),
  replyEditedAt: iso(reviews.replyEditedAt),
  reportedByMe:
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.reporterId} = ${viewerId})`,
  keyTime: pages.keyTime,
});

function selectReviews(db: Db, viewerId: number | null) {
  return db
    .select(reviewColumns(viewerId))
    .from(reviews)
    .innerJoin(appointments, eq(appointments.id, reviews.appointmentId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, reviews.customerId));
}

export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;

/** One page of a business's reviews, newest first, and one more if there is another (reviews_business_newest_idx). */
export function pageReviews(db: Db, businessId: number, limit: number, after: PageKey | undefined, viewerId: number | null) {
  return selectReviews(db, viewerId)
    .where(and(eq(reviews.businessId, businessId), pages.after(after)))
    .orderBy(...pages.orderBy)
    .limit(limit + 1);
}

export async function findReview(db: Db, id: number, viewerId: number | null) {
  const [row] = await selectReviews(db, viewerId).where(eq(reviews.id, id)).limit(1);
  return row ?? null;
}

/** Who may answer a review: its business's owner. */
export async function findReviewOwner(db: Db, id: number) {
  const [row] = await db
    .select({ id: reviews.id, ownerId: businesses.ownerId })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row ?? null;
}

/** The first reply; false when the review has one already (a racing first reply included). */
export async function postReply(db: Db, id: number, text: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ replyText: text, repliedAt: at })
    .where(and(eq(reviews.id, id), sql`${reviews.repliedAt} is null`))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Replaces the reply's text while it was first posted after `since`; false after that. */
export async function editReply(db: Db, id: number, text: string, at: Date, since: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ replyText: text, replyEditedAt: at })
    .where(and(eq(reviews.id, id), sql`${reviews.repliedAt} > ${since.toISOString()}::timestamptz`))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** The report, or null when this user reported this review already. */
export async function insertReport(db: Db, r: { reviewId: number; reporterId: number; reason: string }) {
  const [row] = await db
    .insert(reviewReports)
    .values(r)
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] })
    .returning({ id: reviewReports.id, reviewId: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt });
  return row ?? null;
}
