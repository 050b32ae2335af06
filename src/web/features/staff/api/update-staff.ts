import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, UpdateStaffInput } from '@contract/staff';
import { apiPatch } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';

/** PATCH /api/staff/:id: name, bio, services or position (only the keys given change). */
export function useUpdateStaff(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateStaffInput }) => apiPatch<StaffMember>(`/api/staff/${id}`, input),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId),
  });
}
