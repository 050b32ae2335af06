import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProcessor } from './payment-processor.js';
import { createStripeClient, StripePaymentProcessor } from './stripe-processor.js';
import { TestPaymentProcessor } from './test-processor.js';

/** The processor PAYMENTS names; config.ts has already made sure Stripe has its key. */
export function createPaymentProcessor(config: Pick<Config, 'PAYMENTS' | 'STRIPE_SECRET_KEY'>, db: Db): PaymentProcessor {
  if (config.PAYMENTS === 'stripe') return new StripePaymentProcessor(createStripeClient(config.STRIPE_SECRET_KEY!));
  return new TestPaymentProcessor(db);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The card processor PAYMENTS chose (tests may pass their own to buildApp). */
    paymentProcessor: PaymentProcessor;
  }
}
