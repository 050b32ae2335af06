import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export interface CreditAccount {
  userId: number;
  credits: string;
}

export const creditsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['credits', userId],
    queryFn: () => apiGet<CreditAccount>(`/api/credits/${userId}`),
  });

export const useCredits = (userId: number) => useQuery(creditsQueryOptions(userId));
