import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, User } from '@contract/auth';
import { apiPost } from '@/lib/api-client';

export const register = (input: RegisterInput) => apiPost<User>('/api/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      // Not clear(): that orphans mounted useUser() observers, so an open screen never saw the new identity.
      queryClient.setQueryData(['user'], user);
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
    },
  });
}
