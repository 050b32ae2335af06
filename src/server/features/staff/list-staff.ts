import type { User } from '../../../contract/auth.js';
import type { PublicStaffMember, StaffMember } from '../../../contract/staff.js';
import type { Db } from '../../db/client.js';
import { forbidden, unauthenticated } from '../../errors.js';
import { getBusiness } from '../businesses/index.js';
import * as staffRepository from './staff.repository.js';

/**
 * GET /businesses/:id/staff: anyone sees the active members in the owner's order, with what a
 * customer choosing someone needs; the owner with `all` sees every member, inactive ones, hours and
 * time off included (the staff screen).
 */
export async function listStaff(db: Db, user: User | null, businessId: number, all: boolean): Promise<PublicStaffMember[] | StaffMember[]> {
  const business = await getBusiness(db, businessId);
  if (all) {
    if (!user) throw unauthenticated();
    if (business.ownerId !== user.id) throw forbidden('Only the owner of this business can see all its staff');
    return staffRepository.withSchedules(db, await staffRepository.listMembers(db, businessId, true));
  }
  const members = await staffRepository.listMembers(db, businessId, false);
  return members.map(({ id, name, bio, serviceIds }) => ({ id, name, bio, serviceIds }));
}
