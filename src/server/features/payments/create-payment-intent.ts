import type { User } from '../../../contract/auth.js';
import { centsToDecimal, toCents } from '../../../contract/money.js';
import type { PaymentIntent } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { ErrorCode } from '../../../contract/errors.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { findOfferParties, insertIntent, type IntentRow } from './payment-intents.repository.js';
import type { PaymentProcessor } from './payment-processor.js';
import { newPaymentIntentId } from './random-ids.js';

export const intentView = (row: Pick<IntentRow, 'id' | 'clientSecret' | 'amountCents' | 'status'>): PaymentIntent => ({
  paymentIntentId: row.id,
  clientSecret: row.clientSecret,
  amount: centsToDecimal(row.amountCents),
  status: row.status,
});

/**
 * Opens a card payment of `amount` dollars for the signed-in user. The intent belongs to no offer
 * yet: the offer claims it when it is made (claimAuthorizedIntent). An offerId, when given, must
 * be an offer the user is a party to (a payer covering a counter), and is passed to the processor
 * only as a note.
 */
export async function createPaymentIntent(db: Db, processor: PaymentProcessor, user: User, body: { amount: number; offerId?: number | null }) {
  const amountCents = toCents(body.amount)!;
  const offerId = body.offerId || null;
  if (offerId !== null) {
    const offer = await findOfferParties(db, offerId);
    if (!offer) throw notFound('Offer');
    if (offer.fromUserId !== user.id && offer.toUserId !== user.id) throw forbidden('That offer is not yours');
  }
  const id = newPaymentIntentId();
  // The processor is called before our insert; if the insert then failed or rolled back (with an
  // Idempotency-Key this runs in the key's transaction), the processor holds an intent nobody can
  // confirm, which costs nothing.
  const created = await processor.createIntent({ id, amountCents, userId: user.id, offerId }).catch((error: unknown) => {
    // Stripe down, slow or refusing: the processor's trouble, said as such (503), never a 500.
    const detail = error instanceof Error ? error.message : String(error);
    throw new AppError(ErrorCode.UNAVAILABLE, `Card payments are unavailable right now (${detail}). Try again in a minute, or pay with Que Credit.`);
  });
  const row = await insertIntent(db, { id, amountCents, userId: user.id, processor: processor.name, ...created });
  return intentView(row);
}
