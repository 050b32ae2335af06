import Stripe from 'stripe';
import { CardDeclinedError, PaymentRefusedError } from './payment-processor.js';

/**
 * A Stripe error no retry can fix (invalid request, card error, unknown object) becomes a refusal (a
 * card error a CardDeclinedError);
 * network errors, rate limits, idempotency locks and Stripe's 5xx stay retryable.
 */
export async function callStripe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclinedError(`Stripe refused: ${error.message}`);
    if (error instanceof Stripe.errors.StripeError && status !== undefined && [400, 402, 404].includes(status)) {
      throw new PaymentRefusedError(`Stripe refused: ${error.message}`);
    }
    throw error;
  }
}
