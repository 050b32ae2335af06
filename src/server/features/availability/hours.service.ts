import type { DayHours } from '../../../contract/availability.js';
import type { User } from '../../../contract/auth.js';
import type { StrandChoice } from '../../../contract/stranded-bookings.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getBusiness, guardedOwnerChange, requireOwnedBusiness } from '../businesses/index.js';
import * as hoursRepository from './hours.repository.js';

export async function getWeeklyHours(db: Db, businessId: number): Promise<{ hours: DayHours[] }> {
  await getBusiness(db, businessId);
  return { hours: await hoursRepository.listHours(db, businessId) };
}

/** Replaces the whole week: days left out are closed. Hours that no longer hold upcoming bookings are refused unless the owner reassigns or cancels them. */
export async function setWeeklyHours(
  db: Db,
  user: User | null,
  businessId: number,
  hours: DayHours[],
  choice: StrandChoice = { reassign: false, cancelBookings: false },
  now: Date = new Date(),
): Promise<{ hours: DayHours[] }> {
  const business = await requireOwnedBusiness(db, user, businessId);
  if (business.businessType === 'restaurant') {
    throw new AppError(ErrorCode.CONFLICT, 'Restaurants set their opening times with time slots, not weekly hours');
  }
  await guardedOwnerChange(db, business, choice, now, (tx) => hoursRepository.replaceHours(tx, businessId, hours));
  return { hours: await hoursRepository.listHours(db, businessId) };
}
