import type { User } from '../../../contract/auth.js';
import { type Business, RESTAURANT_ONLY_FIELDS, type UpdateBusinessValues } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import type { TimeZones } from '../../db/time-zones.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';
import * as businessesRepository from './businesses.repository.js';
import { requireOwnedBusiness } from './businesses.service.js';
import { resolveTimeZone } from './create-business.js';
import { lockBusinessRow, upcomingAppointmentCount } from './strand-guard.js';

/**
 * The owner edits their business's details. Only the fields sent change; the type never does, so a
 * service business has no cuisine and a restaurant's category stays 'Restaurant'.
 */
export async function updateBusiness(
  db: Db,
  user: User | null,
  businessId: number,
  input: UpdateBusinessValues,
  timeZones: TimeZones,
  now: Date = new Date(),
): Promise<Business> {
  const business = await requireOwnedBusiness(db, user, businessId);
  const restaurant = business.businessType === 'restaurant';
  if (restaurant && input.category !== undefined) throw new AppError(ErrorCode.VALIDATION, "A restaurant's category is always Restaurant");
  if (!restaurant && RESTAURANT_ONLY_FIELDS.some((field) => input[field] !== undefined)) {
    throw new AppError(ErrorCode.VALIDATION, 'Only restaurants have a cuisine, price range, party size, reservation duration and seating capacity');
  }
  const { policies, ...fields } = input;
  const changes = { ...fields, ...(fields.timeZone !== undefined && { timeZone: resolveTimeZone(timeZones, fields.timeZone) }) };
  await unitOfWork(db, async (tx) => {
    // Bookings are wall-clock times in the business's zone: under another zone each would mean another
    // instant, overlapping others' (DESIGN section 4). Checked under the lock bookings take.
    if (changes.timeZone !== undefined && changes.timeZone !== business.timeZone) {
      await lockBusinessRow(tx, businessId);
      const n = await upcomingAppointmentCount(tx, businessId, now);
      if (n > 0) {
        throw new AppError(
          ErrorCode.CONFLICT,
          `The time zone cannot change while the business has ${n} upcoming appointment${n === 1 ? '' : 's'} that ${n === 1 ? 'is' : 'are'} not cancelled: their times are in ${business.timeZone}`,
        );
      }
    }
    if (Object.keys(changes).length > 0) await businessesRepository.updateBusiness(tx, businessId, changes);
    // A policy change applies to later bookings: each appointment keeps the policies it was booked under.
    if (policies && Object.keys(policies).length > 0) await businessesRepository.updatePolicies(tx, businessId, policies);
  });
  return (await businessesRepository.findBusiness(db, businessId))!;
}
