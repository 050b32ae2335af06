import { z } from 'zod';
import { idParam } from './numbers.js';

export const creditAccountSchema = z.object({ userId: z.number().int(), credits: z.string() });
export const creditTransactionSchema = z.object({
  id: z.number().int(),
  transactionType: z.string(),
  description: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const creditsParamsSchema = z.object({
  userId: idParam('userId'),
});
