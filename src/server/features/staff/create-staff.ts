import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { createStaffSchema, StaffMember } from '../../../contract/staff.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import { recordCapacityOpened } from '../changes/index.js';
import { fullMember, requireOwnServices } from './owned-member.js';
import * as staffRepository from './staff.repository.js';

/** POST /businesses/:id/staff: a new member, last in the owner's order, on the business's hours. */
export async function createStaff(db: Db, user: User | null, businessId: number, input: z.output<typeof createStaffSchema>): Promise<StaffMember> {
  const business = await requireOwnedBusiness(db, user, businessId);
  // A restaurant seats many at once; its capacity is its seats, not people.
  if (business.businessType === 'restaurant') throw new AppError(ErrorCode.VALIDATION, 'Restaurants have no staff members: only service businesses do');
  await requireOwnServices(db, businessId, input.serviceIds);
  const id = await unitOfWork(db, async (tx) => {
    // Under the business's lock, two members added at once do not take the same position.
    await staffRepository.lockBusiness(tx, businessId);
    const member = await staffRepository.insertMember(tx, { businessId, name: input.name, bio: input.bio, serviceIds: input.serviceIds });
    // One more pair of hands: time the waitlist may be waiting for (capacity_opened, every day).
    await recordCapacityOpened(tx, businessId, business.ownerId, { source: 'staff_added', staffId: member.id });
    return member.id;
  });
  return fullMember(db, id);
}
