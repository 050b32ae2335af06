import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { isNotUserQuery, queryKeys } from '@/lib/query-keys';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<void>('/api/logout'),
    onSuccess: () => {
      // Not clear(): that orphans mounted useUser() observers, so an open screen never saw the sign-out.
      // Removed, not reset: refetching the old user's data now would only earn 401s.
      queryClient.removeQueries({ predicate: isNotUserQuery });
      queryClient.setQueryData(queryKeys.user(), null);
    },
  });
}
