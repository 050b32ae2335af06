import type { PaymentIntent } from '@contract/payments';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';

/** POST /api/payment-intents/:id/confirm: authorizes the card (test processor); 402 CARD_DECLINED when refused. */
export const confirmPaymentIntent = (paymentIntentId: string, cardNumber: string, idempotencyKey: string) =>
  api<PaymentIntent>('POST', `/api/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm`, { cardNumber }, idempotencyHeader(idempotencyKey));
