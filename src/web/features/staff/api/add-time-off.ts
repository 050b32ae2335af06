import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, TimeOffInput } from '@contract/staff';
import { apiPost } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';

/** POST /api/staff/:id/time-off. */
export function useAddTimeOff(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, input }: { staffId: number; input: TimeOffInput }) => apiPost<StaffMember['timeOff'][number]>(`/api/staff/${staffId}/time-off`, input),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId),
  });
}
