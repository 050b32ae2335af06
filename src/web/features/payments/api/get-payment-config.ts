import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@contract/payments';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/payment-config: the test card form or Stripe's Payment Element, and Stripe's publishable key. Fixed while the server runs. */
export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.paymentConfig(), queryFn: () => apiGet<PaymentConfig>('/api/payment-config'), staleTime: Infinity });

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions());
