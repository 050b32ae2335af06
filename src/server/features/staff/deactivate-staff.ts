import type { User } from '../../../contract/auth.js';
import type { Db } from '../../db/client.js';
import { sqlCall } from '../../errors.js';
import { requireOwnedMember } from './owned-member.js';
import * as staffRepository from './staff.repository.js';

/**
 * DELETE /staff/:id: the member stops taking bookings. The rules (last member, upcoming appointments,
 * reassigning them all or none, telling customers who chose the member) run in one SQL call under
 * the business's lock: features/staff/sql/deactivate.sql.
 */
export async function deactivateStaff(db: Db, user: User | null, id: number, reassign: boolean, now: Date): Promise<{ deactivated: true; reassigned: number }> {
  await requireOwnedMember(db, user, id);
  const reassigned = await sqlCall(staffRepository.deactivate(db, id, reassign, now));
  return { deactivated: true, reassigned };
}
