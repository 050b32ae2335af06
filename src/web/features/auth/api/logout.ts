import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<void>('/api/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(['user'], null);
    },
  });
}
