import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { forgetSession } from '@/lib/forget-session';

export const logout = () => apiPost<void>('/api/logout');

/** POST /api/logout, then forget the session (callers that leave the page first use forgetSession themselves). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => forgetSession(queryClient) });
}
