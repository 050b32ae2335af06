import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditTransaction } from '@contract/credits';
import { apiGet } from '@/lib/api-client';

export const creditTransactionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['credits', userId, 'transactions'],
    queryFn: () => apiGet<CreditTransaction[]>(`/api/credits/${userId}/transactions`),
  });

export const useCreditTransactions = (userId: number) => useQuery(creditTransactionsQueryOptions(userId));
