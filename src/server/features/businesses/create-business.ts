import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Business, createBusinessSchema, createRestaurantSchema } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import { isTimeZone } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import { createTableReservationService } from '../services/services.service.js';
import * as businessesRepository from './businesses.repository.js';

const WEEKDAYS = [1, 2, 3, 4, 5];
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
export const DEFAULT_HOURS = WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00' }));
export const DEFAULT_TIME_SLOTS = ALL_DAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: '17:00', endTime: '23:00', intervalMinutes: 30 }));

type BusinessInput = z.infer<typeof createBusinessSchema>;
type RestaurantInput = z.infer<typeof createRestaurantSchema>;

async function checkOwner(db: Db, user: User, userId: number | undefined) {
  if (userId !== undefined && userId !== user.id) throw forbidden('userId must be the signed-in user');
  if (user.userType !== 'business') throw forbidden('Only business accounts can register a business');
  if (await businessesRepository.findBusinessByOwner(db, user.id)) {
    throw new AppError(ErrorCode.CONFLICT, 'This account already has a business');
  }
}

function timeZoneOf(input: { timeZone?: string }, fallback: string) {
  if (input.timeZone && !isTimeZone(input.timeZone)) throw new AppError(ErrorCode.VALIDATION, 'timeZone must be an IANA time zone such as America/New_York');
  return input.timeZone || fallback;
}

/** A service business with default weekly hours (Mon-Fri 09:00-17:00), in one transaction. */
export async function createServiceBusiness(db: Db, user: User, input: BusinessInput, defaultTimeZone: string): Promise<Business> {
  await checkOwner(db, user, input.userId);
  const { userId: _u, timeZone, ...fields } = input;
  const id = await db.transaction(async (tx) => {
    const businessId = await businessesRepository.insertBusiness(tx, { ...fields, ownerId: user.id, businessType: 'service', timeZone: timeZoneOf({ timeZone }, defaultTimeZone) });
    await businessesRepository.insertDefaultHours(tx, businessId, DEFAULT_HOURS);
    return businessId;
  });
  return (await businessesRepository.findBusiness(db, id))!;
}

/** A restaurant with its "Table reservation" service and the 17:00-23:00 every-30-minutes slots. */
export async function createRestaurant(db: Db, user: User, input: RestaurantInput, defaultTimeZone: string): Promise<Business> {
  await checkOwner(db, user, input.userId);
  const { userId: _u, timeZone, category: _c, businessType: _t, ...fields } = input;
  const id = await db.transaction(async (tx) => {
    const businessId = await businessesRepository.insertBusiness(tx, {
      ...fields,
      category: 'Restaurant',
      businessType: 'restaurant',
      ownerId: user.id,
      timeZone: timeZoneOf({ timeZone }, defaultTimeZone),
    });
    await createTableReservationService(tx, businessId, fields.maxPartySize, fields.reservationDuration);
    await businessesRepository.insertDefaultTimeSlots(tx, businessId, DEFAULT_TIME_SLOTS);
    return businessId;
  });
  return (await businessesRepository.findBusiness(db, id))!;
}
