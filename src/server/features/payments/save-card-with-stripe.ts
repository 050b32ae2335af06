import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { CardSetup, PaymentMethod } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { PaymentProcessor, SavedCards } from './payment-processor.js';
import { askProcessor } from './processor-request.js';
import { customerOf, type PaymentMethodRow, recordCustomer, recordStripeCard } from './saved-cards.repository.js';

const ask = <T>(run: () => Promise<T>) => askProcessor('Saving cards', run);

function stripeCards(processor: PaymentProcessor): SavedCards {
  if (!processor.cards) {
    throw new AppError(ErrorCode.VALIDATION, 'This server saves test cards by number: send {cardNumber} to POST /api/payment-methods');
  }
  return processor.cards;
}

export const paymentMethodOf = (row: PaymentMethodRow): PaymentMethod => ({ paymentMethodId: row.id, brand: row.brand, last4: row.last4 });

/**
 * POST /api/setup-intents: a SetupIntent for the user's Stripe Customer (made on their first card),
 * which the browser confirms with the Payment Element in setup mode (DESIGN section 11).
 */
export async function startCardSetup(db: Db, processor: PaymentProcessor, user: User): Promise<CardSetup> {
  const cards = stripeCards(processor);
  const known = await customerOf(db, user.id);
  const customerRef = known.customerRef ?? (await recordCustomer(db, user.id, await ask(() => cards.createCustomer({ id: user.id, email: known.email }))));
  const setup = await ask(() => cards.startSetup(user.id, customerRef));
  return { setupIntentId: setup.setupIntentRef, clientSecret: setup.clientSecret };
}

/**
 * Records the card a confirmed SetupIntent saved, once (payment_methods.setup_ref is unique), for
 * the user it was made for; `forUser` null is the webhook's job, which trusts Stripe's metadata.
 * Null when Stripe knows no such SetupIntent for that user; a SetupIntent not (yet) succeeded is 402.
 */
export async function saveStripeCard(db: Db, processor: PaymentProcessor, setupIntentRef: string, forUser: number | null): Promise<PaymentMethodRow | null> {
  const cards = stripeCards(processor);
  const result = await ask(() => cards.setupResult(setupIntentRef));
  if (!result || result.userId === null || (forUser !== null && result.userId !== forUser)) return null;
  if (!result.succeeded || !result.paymentMethodRef || !result.customerRef) {
    throw new AppError(ErrorCode.CARD_DECLINED, 'The card is not saved: confirm it in the card form first, or use another card.');
  }
  return recordStripeCard(db, {
    userId: result.userId, setupRef: setupIntentRef, processorRef: result.paymentMethodRef, customerRef: result.customerRef, brand: result.brand, last4: result.last4,
  });
}
