import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offers, paymentIntents } from '../../db/schema.js';
import type { IntentSnapshot, IntentStatus, ProcessorName } from './payment-processor.js';

export type IntentRow = typeof paymentIntents.$inferSelect & { status: IntentStatus };

export interface NewIntentRow {
  id: string;
  clientSecret: string;
  userId: number;
  amountCents: number;
  processor: ProcessorName;
  processorRef: string | null;
  status: IntentStatus;
}

export async function insertIntent(db: Db, row: NewIntentRow): Promise<IntentRow> {
  const [inserted] = await db.insert(paymentIntents).values(row).returning();
  return inserted as IntentRow;
}

export async function findIntent(db: Db, id: string): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row as IntentRow | undefined;
}

/** An offer's id where a client names one, and its two parties: who may pay for it. */
export async function findOfferParties(db: Db, offerId: number) {
  const [row] = await db.select({ fromUserId: offers.fromUserId, toUserId: offers.toUserId }).from(offers).where(eq(offers.id, offerId));
  return row;
}

/** requires_payment_method -> requires_capture, only from that state: a racing confirm gets nothing back. */
export async function markAuthorized(db: Db, id: string, cardLast4: string | null): Promise<IntentRow | undefined> {
  const [row] = await db
    .update(paymentIntents)
    .set({ status: 'requires_capture', cardLast4, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'requires_payment_method')))
    .returning();
  return row as IntentRow | undefined;
}

/** Brings our row up to what the processor reports (Stripe: the client confirmed with Stripe.js). */
export async function applySnapshot(db: Db, id: string, snapshot: IntentSnapshot) {
  await db
    .update(paymentIntents)
    .set({ status: snapshot.status, cardLast4: snapshot.cardLast4, updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'requires_payment_method')));
}

export async function findIntentByIdOrSecret(db: Db, idOrClientSecret: string): Promise<IntentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(or(eq(paymentIntents.id, idOrClientSecret), eq(paymentIntents.clientSecret, idOrClientSecret)));
  return row as IntentRow | undefined;
}

/** The first intent that paid for an offer, if it was paid by card (a raised price may add more). */
export async function findOfferIntent(db: Db, offerId: number): Promise<IntentRow | undefined> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.offerId, offerId)).orderBy(asc(paymentIntents.claimedAt), asc(paymentIntents.id)).limit(1);
  return row as IntentRow | undefined;
}

export async function markCaptured(db: Db, id: string, amountCents: number) {
  await db.update(paymentIntents).set({ status: 'succeeded', capturedCents: amountCents, updatedAt: sql`now()` }).where(eq(paymentIntents.id, id));
}

export async function markCanceled(db: Db, id: string) {
  await db.update(paymentIntents).set({ status: 'canceled', updatedAt: sql`now()` }).where(eq(paymentIntents.id, id));
}

/**
 * A fee charged to a saved card that the card declined for good goes back to unpaid (never from
 * captured). In this statement's transaction deposits' trigger marks the fee declined and reverses its
 * ledger transfer, once (deposits/sql/fee-declined.sql). `payment`: our id, or a condition naming it.
 */
export async function markSavedCardDeclined(db: Db, payment: string | SQL | undefined) {
  const match = typeof payment === 'string' ? eq(paymentIntents.id, payment) : payment;
  await db.update(paymentIntents).set({ status: 'requires_payment_method', updatedAt: sql`now()` })
    .where(and(match, eq(paymentIntents.status, 'requires_capture'), isNotNull(paymentIntents.paymentMethodId)));
}

/** The processor's id of a payment made after our row (a fee charged off-session). */
export async function recordProcessorRef(db: Db, id: string, processorRef: string) {
  await db.update(paymentIntents).set({ processorRef, updatedAt: sql`now()` }).where(eq(paymentIntents.id, id));
}
