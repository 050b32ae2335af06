import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, TimeOffInput } from '@contract/staff';
import { apiPost } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

/** POST /api/staff/:id/time-off. */
export function useAddTimeOff(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, input, decision }: { staffId: number; input: TimeOffInput; decision?: StrandDecision }) =>
      apiPost<StaffMember['timeOff'][number]>(`/api/staff/${staffId}/time-off${strandQuery(decision)}`, input),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId, true),
  });
}
