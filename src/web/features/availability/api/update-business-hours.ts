import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DayHours } from '@contract/availability';
import { apiPut } from '@/lib/api-client';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';
import { type WeeklyHours, businessHoursQueryOptions } from './get-business-hours';
import { type StrandDecision, strandQuery } from '@/lib/stranded-bookings';

/** PUT /api/businesses/:id/hours. */
export function useUpdateBusinessHours(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hours, decision }: { hours: DayHours[]; decision?: StrandDecision }) => apiPut<WeeklyHours>(`/api/businesses/${businessId}/hours${strandQuery(decision)}`, { hours }),
    onSuccess: (data) => queryClient.setQueryData(businessHoursQueryOptions(businessId).queryKey, data),
    // The directory shows 'Open today' from these hours.
    onSettled: () => invalidateKeys(queryClient, [queryKeys.businessLists(), ...staleAfterScheduleChange()]),
  });
}
