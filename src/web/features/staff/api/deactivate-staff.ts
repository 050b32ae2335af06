import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deactivateStaffResponseSchema } from '@contract/staff';
import { apiDelete } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';

type Deactivated = z.infer<typeof deactivateStaffResponseSchema>;

/**
 * DELETE /api/staff/:id: deactivates; 409 while they have upcoming appointments unless `reassign`
 * moves those to other members. Appointments may move, so their lists go stale too.
 */
export function useDeactivateStaff(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reassign }: { id: number; reassign: boolean }) => apiDelete<Deactivated>(`/api/staff/${id}${reassign ? '?reassign=true' : ''}`),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId, true),
  });
}
