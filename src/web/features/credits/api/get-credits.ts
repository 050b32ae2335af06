import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface CreditAccount {
  userId: number;
  credits: string;
  /** Booking credit that becomes spendable when the appointment is completed. */
  pending: string;
}

export const creditsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.credits(userId),
    queryFn: () => apiGet<CreditAccount>(`/api/credits/${userId}`),
  });

export const useCredits = (userId: number) => useQuery(creditsQueryOptions(userId));
