import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deactivateStaffResponseSchema } from '@contract/staff';
import { apiDelete } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

type Deactivated = z.infer<typeof deactivateStaffResponseSchema>;

/**
 * DELETE /api/staff/:id: deactivates; 409 STRANDS_BOOKINGS listing their upcoming appointments unless
 * the decision moves them to other members or cancels them. Appointments may move, so their lists go stale too.
 */
export function useDeactivateStaff(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision?: StrandDecision }) => apiDelete<Deactivated>(`/api/staff/${id}${strandQuery(decision)}`),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId, true),
  });
}
