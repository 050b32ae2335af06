import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import type { UpdateProfileInput } from '@contract/profile';
import { apiPatch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/user: the signed-in user's full name and phone, which prefill every booking. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateProfileInput) => apiPatch<User>('/api/user', change),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user(), user),
  });
}
