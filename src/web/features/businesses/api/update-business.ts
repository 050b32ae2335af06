import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business, UpdateBusinessValues } from '@contract/businesses';
import { apiPatch } from '@/lib/api-client';
import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/** PATCH /api/businesses/:id: the owner's edit of the details. */
export function useUpdateBusiness(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateBusinessValues) => apiPatch<Business>(`/api/businesses/${businessId}`, changes),
    onSuccess: (business) => queryClient.setQueryData(queryKeys.business(businessId), business),
    // The directory cards show the name, description and contact.
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessLists()]),
  });
}
