import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditTransaction } from '@contract/credits';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const creditTransactionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.creditTransactions(userId),
    queryFn: () => apiGet<CreditTransaction[]>(`/api/credits/${userId}/transactions`),
  });

export const useCreditTransactions = (userId: number) => useQuery(creditTransactionsQueryOptions(userId));
