import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarliestAppointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/earliest-appointments: the soonest free slot of each business. */
export const earliestAppointmentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.earliestAppointments(),
    queryFn: () => apiGet<EarliestAppointment[]>('/api/earliest-appointments'),
  });

/**
 * fresh: the cached list counts as stale at once, so the quick-booking grid asks again every time
 * it opens; the directory banner (not fresh) reuses what is cached.
 */
export const useEarliestAppointments = ({ fresh = false }: { fresh?: boolean } = {}) =>
  useQuery({ ...earliestAppointmentsQueryOptions(), ...(fresh && { staleTime: 0 }) });
