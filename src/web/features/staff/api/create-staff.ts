import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffInput, StaffMember } from '@contract/staff';
import { apiPost } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';

/** POST /api/businesses/:id/staff. */
export function useCreateStaff(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStaffInput) => apiPost<StaffMember>(`/api/businesses/${businessId}/staff`, input),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId),
  });
}
