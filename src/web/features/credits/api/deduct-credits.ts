import type { z } from 'zod';
import type { deductCreditsResultSchema } from '@contract/payments';
import { api } from '@/lib/api-client';
import { idempotencyHeader } from '@/lib/idempotency';

export type DeductResult = z.infer<typeof deductCreditsResultSchema>;

/**
 * POST /api/credits/deduct with queueJumpOfferId 0: only checks that the balance covers `amount`
 * (400 INSUFFICIENT_CREDIT when not); the real hold is taken when the offer is created.
 */
export const checkCreditBalance = (userId: number, amount: string, idempotencyKey: string) =>
  api<DeductResult>('POST', '/api/credits/deduct', { userId, queueJumpOfferId: 0, amount }, idempotencyHeader(idempotencyKey));
