import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payouts } from '@contract/payments';
import { apiGet, apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/payouts: the user's own payout account and each business's they own (the server asks Stripe about unfinished ones). */
export const payoutsQueryOptions = () => queryOptions({ queryKey: queryKeys.payouts(), queryFn: () => apiGet<Payouts>('/api/payouts'), staleTime: 0 });
export const usePayouts = (enabled: boolean) => useQuery({ ...payoutsQueryOptions(), enabled });

/** POST /api/payouts/setup: the address of Stripe's onboarding forms, single-use, for the user or one of their businesses. */
export const startPayoutSetup = (businessId: number | null) => apiPost<{ url: string }>('/api/payouts/setup', businessId === null ? {} : { businessId });
