import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentIntents } from '../../db/schema.js';

/**
 * The card payments an offer claimed, in the order they were claimed: one per hold, each claimed
 * just before its hold was placed, so the two lists match one for one.
 */
export async function intentsOfOffer(db: Db, offerId: number) {
  return db
    .select({ id: paymentIntents.id, amountCents: paymentIntents.amountCents })
    .from(paymentIntents)
    .where(eq(paymentIntents.offerId, offerId))
    .orderBy(asc(paymentIntents.claimedAt), asc(paymentIntents.id));
}
