import type { Db } from '../../db/client.js';
import type { IntentRow } from './payment-intents.repository.js';
import { markCaptured, recordProcessorRef } from './payment-intents.repository.js';
import { PaymentRefusedError, type SavedCards } from './payment-processor.js';
import { findPaymentMethod } from './saved-cards.repository.js';

/**
 * A fee's capture action with Stripe (que_charge_saved_card made the fee's payment with our id only):
 * the saved card is charged off-session for the fee, with the action's idempotency key, so a runner
 * killed after the call repeats it and Stripe answers with the first payment (once per appointment
 * and kind). A declined card is a refusal: the action fails for a person to follow up (logged), and
 * the `payment_intent.payment_failed` webhook marks the fee's payment unpaid. Returns how to record it.
 */
export async function chargeSavedCard(db: Db, cards: SavedCards, intent: IntentRow, amountCents: number, idempotencyKey: string) {
  const method = intent.paymentMethodId ? await findPaymentMethod(db, intent.paymentMethodId) : undefined;
  if (!method?.processorRef || !method.customerRef) {
    throw new PaymentRefusedError(`Fee ${intent.id}: its saved card ${intent.paymentMethodId} was not saved with Stripe`);
  }
  const ref = await cards.chargeOffSession(
    { intentId: intent.id, userId: intent.userId, amountCents, paymentMethodRef: method.processorRef, customerRef: method.customerRef },
    idempotencyKey,
  );
  return async (tx: Db) => {
    await recordProcessorRef(tx, intent.id, ref);
    await markCaptured(tx, intent.id, amountCents);
  };
}
