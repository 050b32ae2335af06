import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '@contract/auth';
import { apiPost } from '@/lib/api-client';
import { isNotUserQuery, queryKeys } from '@/lib/query-keys';

export const login = (input: LoginInput) => apiPost<User>('/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Not clear(): that orphans mounted useUser() observers, so an open screen never saw the new identity.
      queryClient.setQueryData(queryKeys.user(), user);
      void queryClient.resetQueries({ predicate: isNotUserQuery });
    },
  });
}
