import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { invalidateAfterStaffChange } from './invalidate';

/** DELETE /api/staff/:id/time-off/:timeOffId. */
export function useDeleteTimeOff(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, timeOffId }: { staffId: number; timeOffId: number }) => apiDelete(`/api/staff/${staffId}/time-off/${timeOffId}`),
    onSettled: () => invalidateAfterStaffChange(queryClient, businessId),
  });
}
