import type { QueryClient } from '@tanstack/react-query';
import { isNotUserQuery, queryKeys } from '@/lib/query-keys';

/** Forget the signed-out user's data and tell every screen nobody is signed in. */
export function forgetSession(queryClient: QueryClient) {
  // Not clear(): that orphans mounted useUser() observers, so an open screen never saw the sign-out.
  // Removed, not reset: refetching the old user's data now would only earn 401s.
  queryClient.removeQueries({ predicate: isNotUserQuery });
  queryClient.setQueryData(queryKeys.user(), null);
}
