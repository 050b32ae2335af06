import type { PaymentIntent } from '@contract/payments';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';

/** POST /api/create-payment-intent: opens a card payment for `amount` dollars (the total to charge). */
export const createPaymentIntent = (amount: number, idempotencyKey: string) =>
  api<PaymentIntent>('POST', '/api/create-payment-intent', { amount }, idempotencyHeader(idempotencyKey));
