import type { PaymentMethod } from '@contract/payments';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';

/** POST /api/payment-methods: saves a card for a card-on-file service's fees (test processor); 402 CARD_DECLINED when refused. */
export const savePaymentMethod = (cardNumber: string, idempotencyKey: string) =>
  api<PaymentMethod>('POST', '/api/payment-methods', { cardNumber }, idempotencyHeader(idempotencyKey));
