import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import { TEST_CARD_AUTHORIZES, TEST_CARD_DECLINES } from '../../../contract/payments.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { intentView } from './create-payment-intent.js';
import { findIntent, markAuthorized } from './payment-intents.repository.js';
import type { PaymentProcessor } from './payment-processor.js';

const ALREADY: Record<string, string> = {
  requires_capture: 'This payment is already authorized',
  succeeded: 'This payment is already captured',
  canceled: 'This payment was canceled: start a new one',
};

const alreadyDone = (status: string) => new AppError(ErrorCode.INVALID_STATE, ALREADY[status] ?? 'This payment cannot be confirmed now');

/**
 * The test processor's stand-in for Stripe.js: the card number decides the outcome as Stripe's
 * test cards do. A declined intent keeps waiting for a card, so the customer can try another.
 */
export async function confirmTestCard(db: Db, processor: PaymentProcessor, user: User, id: string, cardNumber: string) {
  if (processor.name !== 'test') {
    throw new AppError(ErrorCode.VALIDATION, 'Card payments are confirmed with Stripe.js on the client; this server never takes card numbers');
  }
  const row = await findIntent(db, id);
  if (!row) throw notFound('Payment intent');
  if (row.userId !== user.id) throw forbidden('That payment is not yours');
  if (row.status !== 'requires_payment_method') throw alreadyDone(row.status);
  if (cardNumber === TEST_CARD_DECLINES) throw new AppError(ErrorCode.CARD_DECLINED, 'Your card was declined.');
  if (cardNumber !== TEST_CARD_AUTHORIZES) {
    throw new AppError(ErrorCode.CARD_DECLINED, 'Your card was declined. In test mode, pay with the test card 4242 4242 4242 4242.');
  }
  const authorized = await markAuthorized(db, id, cardNumber.slice(-4));
  if (!authorized) throw alreadyDone((await findIntent(db, id))?.status ?? '');
  return intentView(authorized);
}
