import { useInfiniteQuery } from '@tanstack/react-query';
import type { CreditTransaction } from '@contract/credits';
import { pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/query-keys';

/** How many movements the credit card shows at first and adds on each "Show more": it sits in a narrow column. */
export const CREDIT_HISTORY_PAGE = 5;

/** GET /api/credits/:userId/transactions: every movement of the user's Que Credit, newest first, a page at a time. */
export const creditTransactionsQueryOptions = (userId: number) =>
  pagedQueryOptions<CreditTransaction[]>(queryKeys.creditTransactions(userId), `/api/credits/${userId}/transactions?limit=${CREDIT_HISTORY_PAGE}`);

export const useCreditTransactions = (userId: number) => useInfiniteQuery(creditTransactionsQueryOptions(userId));
