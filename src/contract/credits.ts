import { z } from 'zod';
import { idParam } from './numbers.js';

/** `credits` can be spent now; `pending` is booking credit that becomes spendable when the appointment is completed. */
export const creditAccountSchema = z.object({ userId: z.number().int(), credits: z.string(), pending: z.string() });
export type CreditAccount = z.infer<typeof creditAccountSchema>;

/** pending: placed but not settled (a booking not yet completed, an offer's hold); voided: it came to nothing. */
export const creditTransactionStatusSchema = z.enum(['pending', 'posted', 'voided']);
export type CreditTransactionStatus = z.infer<typeof creditTransactionStatusSchema>;

export const creditTransactionSchema = z.object({
  id: z.number().int(),
  transactionType: z.string(),
  description: z.string(),
  /** Signed; for a pending entry what it will move once posted; "0.00" once voided. */
  amount: z.string(),
  status: creditTransactionStatusSchema,
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const creditsParamsSchema = z.object({
  userId: idParam('userId'),
});
