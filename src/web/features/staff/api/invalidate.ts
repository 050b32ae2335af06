import type { QueryClient } from '@tanstack/react-query';
import { invalidateKeys, queryKeys, staleAfterScheduleChange } from '@/lib/query-keys';

/**
 * Any change to a member changes who can be booked when: both staff lists of the business (the
 * key without its `{all}` part is the prefix of both) and every free-slot and earliest-start
 * answer. A deactivation can move appointments to other members, so their lists go stale too.
 */
export const invalidateAfterStaffChange = (queryClient: QueryClient, businessId: number, appointmentsMoved = false) =>
  invalidateKeys(queryClient, [
    queryKeys.businessStaff(businessId).slice(0, 3),
    ...staleAfterScheduleChange(),
    ...(appointmentsMoved ? [queryKeys.allAppointments()] : []),
  ]);
