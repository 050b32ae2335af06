import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import type { Business, CreateBusinessInput } from '@contract/businesses';
import { apiPost } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const createBusiness = (input: CreateBusinessInput) => apiPost<Business>('/api/businesses', input);

/** The signed-in user now owns a business: remember its id and refresh the directory. */
export function useOnBusinessCreated() {
  const queryClient = useQueryClient();
  return (business: Business) => {
    queryClient.setQueryData<User | null>(queryKeys.user(), (user) => (user ? { ...user, businessId: business.id } : user));
    void queryClient.invalidateQueries({ queryKey: queryKeys.allBusinesses() });
  };
}

export function useCreateBusiness() {
  const onSuccess = useOnBusinessCreated();
  return useMutation({ mutationFn: createBusiness, onSuccess });
}
