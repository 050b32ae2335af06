import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { type PaymentMethod, TEST_CARD_AUTHORIZES, TEST_CARD_DECLINES } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { paymentMethods } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { PaymentProcessor } from './payment-processor.js';
import { randomAlphanumeric } from './random-ids.js';
import { paymentMethodOf, saveStripeCard } from './save-card-with-stripe.js';

const brandOf = (cardNumber: string) =>
  cardNumber.startsWith('4') ? 'visa' : /^5[1-5]/.test(cardNumber) ? 'mastercard' : /^3[47]/.test(cardNumber) ? 'amex' : 'card';

/**
 * Saves a card for a card-on-file service's fees (DESIGN section 11). On the test processor the card
 * number decides as Stripe's test cards do (4242… saves, 4000…0002 is declined), and only its brand
 * and last four digits are kept. With Stripe the browser has confirmed a SetupIntent (POST
 * /api/setup-intents) and sends its id: the card it saved is recorded (save-card-with-stripe.ts);
 * a card number is refused, as this server never takes one.
 */
export async function savePaymentMethod(db: Db, processor: PaymentProcessor, user: User, body: { cardNumber?: string; setupIntentId?: string }): Promise<PaymentMethod> {
  if (body.setupIntentId !== undefined) {
    const saved = await saveStripeCard(db, processor, body.setupIntentId, user.id);
    if (!saved) throw new AppError(ErrorCode.VALIDATION, 'Card set-up not found: start it with POST /api/setup-intents');
    return paymentMethodOf(saved);
  }
  if (processor.cards) {
    throw new AppError(ErrorCode.VALIDATION, 'This server saves cards with Stripe and never takes card numbers: confirm a SetupIntent and send its setupIntentId');
  }
  const cardNumber = body.cardNumber ?? '';
  if (cardNumber === TEST_CARD_DECLINES) throw new AppError(ErrorCode.CARD_DECLINED, 'Your card was declined.');
  if (cardNumber !== TEST_CARD_AUTHORIZES) {
    throw new AppError(ErrorCode.CARD_DECLINED, 'Your card was declined. In test mode, save the test card 4242 4242 4242 4242.');
  }
  const row = { id: `pm_${randomAlphanumeric(24)}`, userId: user.id, processor: processor.name, brand: brandOf(cardNumber), last4: cardNumber.slice(-4) };
  await db.insert(paymentMethods).values(row);
  return { paymentMethodId: row.id, brand: row.brand, last4: row.last4 };
}
