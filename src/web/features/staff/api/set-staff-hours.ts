import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffHoursInput } from '@contract/staff';
import { apiPut } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';

/** PUT /api/staff/:id/hours: own weekly ranges (several a day = breaks), or null for the business's hours. */
export function useSetStaffHours(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hours }: { id: number; hours: StaffHoursInput['hours'] }) => apiPut<unknown>(`/api/staff/${id}/hours`, { hours }),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId),
  });
}
