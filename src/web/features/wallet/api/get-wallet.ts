import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@contract/payments';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/wallet: spendable and pending credit, escrow held, money on its way, earnings. */
export const walletQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.wallet(),
    queryFn: () => apiGet<Wallet>('/api/wallet'),
    staleTime: 0,
  });

export const useWallet = () => useQuery(walletQueryOptions());
