import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProcessor } from './payment-processor.js';
import { readyAccountRef } from './payout-accounts.repository.js';
import { createStripeClient, StripePaymentProcessor, stripeClientOptions } from './stripe-processor.js';
import { TestPaymentProcessor } from './test-processor.js';

/**
 * The processor PAYMENTS names; config.ts has already made sure Stripe has its keys. With Stripe a
 * payout goes to the recipient's (a user's or a business's) connected account once its onboarding is ready (payouts.service.ts).
 */
export function createPaymentProcessor(config: Pick<Config, 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>, db: Db): PaymentProcessor {
  if (config.PAYMENTS === 'stripe') {
    const client = createStripeClient(config.STRIPE_SECRET_KEY!, stripeClientOptions(config.STRIPE_API_URL));
    return new StripePaymentProcessor(client, (owner) => readyAccountRef(db, owner));
  }
  return new TestPaymentProcessor(db);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor PAYMENTS chose (tests may pass their own to buildApp). */
    paymentProcessor: PaymentProcessor;
  }
}
