import type { PaymentMethod } from '@contract/payments';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';

/**
 * POST /api/payment-methods: saves a card for a card-on-file service's fees: the test card's number,
 * or (PAYMENTS=stripe) the SetupIntent the Payment Element confirmed; 402 CARD_DECLINED when refused.
 */
export const savePaymentMethod = (card: { cardNumber: string } | { setupIntentId: string }, idempotencyKey: string) =>
  api<PaymentMethod>('POST', '/api/payment-methods', card, idempotencyHeader(idempotencyKey));
