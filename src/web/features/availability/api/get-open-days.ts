import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { OpenDays } from '@contract/availability';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface OpenDaysQuery {
  businessId: number;
  /** "yyyy-MM" */
  month: string;
  serviceId?: number;
  /** Only this member's free starts; null or absent: anyone's. */
  staffId?: number | null;
  partySize?: number;
}

/** "2026-12" + 1 -> "2027-01". */
export const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** GET /api/businesses/:id/open-days: the month's days with at least one free start (one request a month, not one a day). */
export const openDaysQueryOptions = (q: OpenDaysQuery) => {
  const params = new URLSearchParams({ month: q.month });
  if (q.serviceId !== undefined) params.set('serviceId', String(q.serviceId));
  if (q.staffId != null) params.set('staffId', String(q.staffId));
  if (q.partySize !== undefined) params.set('partySize', String(q.partySize));
  return queryOptions({
    queryKey: queryKeys.openDays(q),
    queryFn: () => apiGet<OpenDays>(`/api/businesses/${q.businessId}/open-days?${params}`),
    // Days fill up as others book: kept for a short while only, refetched on return.
    staleTime: 15_000,
  });
};

/** The open days of one month, as a set; undefined while unknown (then no day is greyed out). */
export function useOpenDays(q: OpenDaysQuery | null): Set<string> | undefined {
  const query = useQuery({ ...openDaysQueryOptions(q ?? { businessId: 0, month: '' }), enabled: q !== null });
  return query.data ? new Set(query.data.openDays) : undefined;
}

/**
 * The first day after `after` with a free start, looked for in its month and the next (a service
 * books up to 30 days ahead by default): null when neither has one, undefined while loading.
 */
export function useNextOpenDay(q: Omit<OpenDaysQuery, 'month'> | null, after: string | null): string | null | undefined {
  const month = after?.slice(0, 7) ?? '';
  const results = useQueries({
    queries: [month, month && nextMonth(month)].map((m) => ({ ...openDaysQueryOptions({ ...(q ?? { businessId: 0 }), month: m }), enabled: q !== null && after !== null })),
  });
  if (!q || !after) return undefined;
  if (results.some((r) => r.data === undefined)) return results.some((r) => r.isError) ? null : undefined;
  return results.flatMap((r) => r.data!.openDays).find((d) => d > after) ?? null;
}
