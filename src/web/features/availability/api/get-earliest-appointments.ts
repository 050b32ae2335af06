import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EarliestAppointment } from '@contract/appointments';
import { apiGet } from '@/lib/api-client';
import { pagedQueryOptions } from '@/lib/paged-query';
import { type EarliestListFilter, queryKeys } from '@/lib/query-keys';
import { EARLIEST_PAGE } from '@contract/first-pages';

/** Quick booking's page: the server's default, said out loud. */
export { EARLIEST_PAGE };

/** GET /api/earliest-appointments with the filter's parameters (DESIGN section 10), soonest first. */
export function earliestAppointmentsUrl(filter: EarliestListFilter): string {
  const params = new URLSearchParams({ limit: String(filter.limit ?? EARLIEST_PAGE) });
  if (filter.date) params.set('date', filter.date);
  if (filter.time) params.set('time', filter.time);
  if (filter.partySize) params.set('partySize', String(filter.partySize));
  if (filter.type) params.set('type', filter.type);
  return `/api/earliest-appointments?${params}`;
}

/** The first few earliest free starts, one request (the directory banner asks for 3, not the market). */
export const earliestAppointmentsQueryOptions = (filter: EarliestListFilter) =>
  queryOptions({
    queryKey: queryKeys.earliestAppointmentList(filter, false),
    queryFn: () => apiGet<EarliestAppointment[]>(earliestAppointmentsUrl(filter)),
  });

export const useEarliestAppointments = (filter: EarliestListFilter) => useQuery(earliestAppointmentsQueryOptions(filter));

/**
 * Quick booking's pages: a page at a time, each next one from the Link header. Asked again whenever the
 * page opens (free slots go fast), keeping what was shown meanwhile, so Back lands on the same cards;
 * not when asked in the last few seconds: a first visit's first render reads the list its page
 * preloaded as it opened (lib/first-page-data.ts), which is that very ask. (A booking makes these
 * lists stale at once, whatever their age: lib/query-keys.ts.)
 */
export const earliestAppointmentPagesOptions = (filter: EarliestListFilter) => ({
  ...pagedQueryOptions<EarliestAppointment[]>(queryKeys.earliestAppointmentList(filter, true), earliestAppointmentsUrl(filter)),
  placeholderData: keepPreviousData,
  staleTime: 5_000,
});

export const useEarliestAppointmentPages = (filter: EarliestListFilter) => useInfiniteQuery(earliestAppointmentPagesOptions(filter));
