import type { User } from '../../../contract/auth.js';
import { type Business, RESTAURANT_ONLY_FIELDS, type UpdateBusinessValues } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import type { TimeZones } from '../../db/time-zones.js';
import { AppError } from '../../errors.js';
import * as businessesRepository from './businesses.repository.js';
import { requireOwnedBusiness } from './businesses.service.js';
import { resolveTimeZone } from './create-business.js';

/**
 * The owner edits their business's details. Only the fields sent change; the type never does, so a
 * service business has no cuisine and a restaurant's category stays 'Restaurant'.
 */
export async function updateBusiness(db: Db, user: User | null, businessId: number, input: UpdateBusinessValues, timeZones: TimeZones): Promise<Business> {
  const business = await requireOwnedBusiness(db, user, businessId);
  const restaurant = business.businessType === 'restaurant';
  if (restaurant && input.category !== undefined) throw new AppError(ErrorCode.VALIDATION, "A restaurant's category is always Restaurant");
  if (!restaurant && RESTAURANT_ONLY_FIELDS.some((field) => input[field] !== undefined)) {
    throw new AppError(ErrorCode.VALIDATION, 'Only restaurants have a cuisine, price range, party size, reservation duration and seating capacity');
  }
  const { policies, ...fields } = input;
  const changes = { ...fields, ...(fields.timeZone !== undefined && { timeZone: resolveTimeZone(timeZones, fields.timeZone) }) };
  if (Object.keys(changes).length > 0) await businessesRepository.updateBusiness(db, businessId, changes);
  // A policy change applies to later bookings: each appointment keeps the policies it was booked under.
  if (policies && Object.keys(policies).length > 0) await businessesRepository.updatePolicies(db, businessId, policies);
  return (await businessesRepository.findBusiness(db, businessId))!;
}
