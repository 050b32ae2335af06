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

export const creditsParamsSchema = z.object({
  userId: z.coerce.number('userId must be a number').int('userId must be a whole number').positive('userId must be positive').max(2147483647, 'userId is too large'),
});
