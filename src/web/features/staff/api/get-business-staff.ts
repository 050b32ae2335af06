import { useQuery } from '@tanstack/react-query';
import type { PublicStaffMember, StaffMember } from '@contract/staff';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/businesses/:id/staff: the active members, in the owner's order (what a customer picks from). */
export const useBusinessStaff = (businessId: number | null) =>
  useQuery({
    queryKey: queryKeys.businessStaff(businessId ?? 0),
    queryFn: () => apiGet<PublicStaffMember[]>(`/api/businesses/${businessId}/staff`),
    enabled: businessId !== null,
  });

/** GET /api/businesses/:id/staff?all=true: the owner's list, inactive members too, with hours and time off. */
export const useAllBusinessStaff = (businessId: number | null) =>
  useQuery({
    queryKey: queryKeys.businessStaff(businessId ?? 0, true),
    queryFn: () => apiGet<StaffMember[]>(`/api/businesses/${businessId}/staff?all=true`),
    enabled: businessId !== null,
  });
