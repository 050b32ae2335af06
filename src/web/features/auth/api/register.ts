import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, User } from '@contract/auth';
import { apiPost } from '@/lib/api-client';
import { isNotUserQuery, queryKeys } from '@/lib/query-keys';

export const register = (input: RegisterInput) => apiPost<User>('/api/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      // Not clear(): that orphans mounted useUser() observers, so an open screen never saw the new identity.
      queryClient.setQueryData(queryKeys.user(), user);
      void queryClient.resetQueries({ predicate: isNotUserQuery });
    },
  });
}
