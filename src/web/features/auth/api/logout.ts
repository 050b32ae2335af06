import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { isNotUserQuery, queryKeys } from '@/lib/query-keys';

export const logout = () => apiPost<void>('/api/logout');

/** Forget the signed-out user's data and tell every screen nobody is signed in. */
export function forgetSession(queryClient: QueryClient) {
  // Not clear(): that orphans mounted useUser() observers, so an open screen never saw the sign-out.
  // Removed, not reset: refetching the old user's data now would only earn 401s.
  queryClient.removeQueries({ predicate: isNotUserQuery });
  queryClient.setQueryData(queryKeys.user(), null);
}

/** POST /api/logout, then forget the session (callers that leave the page first use forgetSession themselves). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => forgetSession(queryClient) });
}
