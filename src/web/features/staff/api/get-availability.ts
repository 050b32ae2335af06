import { useQuery } from '@tanstack/react-query';
import type { Availability } from '@contract/staff';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/businesses/:id/availability: each free start of the day and who is free then (staffId: that member only). */
export const useStaffAvailability = (q: { businessId: number; date: string; serviceId: number; staffId?: number } | null) =>
  useQuery({
    queryKey: queryKeys.staffAvailability(q ?? { businessId: 0, date: '', serviceId: 0 }),
    queryFn: () => {
      const params = new URLSearchParams({ date: q!.date, serviceId: String(q!.serviceId) });
      if (q!.staffId !== undefined) params.set('staffId', String(q!.staffId));
      return apiGet<Availability>(`/api/businesses/${q!.businessId}/availability?${params}`);
    },
    enabled: q !== null,
  });
