import { z } from 'zod';

export const creditAccountSchema = z.object({ userId: z.number().int(), credits: z.string() });
export const creditTransactionSchema = z.object({
  id: z.number().int(),
  transactionType: z.string(),
  description: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;
