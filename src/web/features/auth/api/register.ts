import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, User } from '@contract/auth';
import { apiPost } from '@/lib/api-client';

export const register = (input: RegisterInput) => apiPost<User>('/api/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(['user'], user);
    },
  });
}
