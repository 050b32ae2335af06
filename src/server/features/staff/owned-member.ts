import type { User } from '../../../contract/auth.js';
import type { Business } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import * as staffRepository from './staff.repository.js';

/** A staff member the caller owns: 401 signed out, 404 unknown, 403 anyone but the business's owner. */
export async function requireOwnedMember(db: Db, user: User | null, id: number): Promise<{ member: staffRepository.MemberRow; business: Business }> {
  const member = await staffRepository.findMember(db, id);
  if (!member) throw notFound('Staff member');
  const business = await requireOwnedBusiness(db, user, member.businessId);
  return { member, business };
}

/** serviceIds must name the business's own live services: 400 naming the first that does not. */
export async function requireOwnServices(db: Db, businessId: number, serviceIds: number[]): Promise<void> {
  const [bad] = await staffRepository.foreignServiceIds(db, businessId, serviceIds);
  if (bad !== undefined) throw new AppError(ErrorCode.VALIDATION, `Service ${bad} is not a service of this business`);
}

/** The member as the owner sees it: every field, hours and time off. */
export async function fullMember(db: Db, id: number) {
  const member = await staffRepository.findMember(db, id);
  if (!member) throw notFound('Staff member');
  const [full] = await staffRepository.withSchedules(db, [member]);
  return full;
}
