import type { PublicStaffMember } from '@contract/staff';
import { useBusinessStaff } from './get-business-staff';

/**
 * The active members who give the service, in the owner's order (empty `serviceIds`: every service).
 * The customer is asked "who" only when there are two or more of them (`choosing`); with one member
 * the flow is as it always was. While the list loads, or if it cannot be read, nobody is offered and
 * the booking goes to anyone free, which is what the server does without a `staffId` anyway.
 */
export function useServiceStaff(businessId: number, serviceId: number | undefined): { members: PublicStaffMember[]; choosing: boolean } {
  const staff = useBusinessStaff(businessId);
  const members = serviceId === undefined ? [] : (staff.data ?? []).filter((m) => m.serviceIds.length === 0 || m.serviceIds.includes(serviceId));
  return { members, choosing: members.length > 1 };
}
