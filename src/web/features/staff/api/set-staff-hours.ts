import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffHoursInput } from '@contract/staff';
import { apiPut } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

/** PUT /api/staff/:id/hours: own weekly ranges (several a day = breaks), or null for the business's hours. */
export function useSetStaffHours(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hours, decision }: { id: number; hours: StaffHoursInput['hours']; decision?: StrandDecision }) => apiPut<unknown>(`/api/staff/${id}/hours${strandQuery(decision)}`, { hours }),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId),
  });
}
