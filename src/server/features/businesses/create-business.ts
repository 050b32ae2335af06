import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Business, createBusinessSchema, createRestaurantSchema } from '../../../contract/businesses.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { TimeZones } from '../../db/time-zones.js';
import { AppError, forbidden } from '../../errors.js';
import * as businessesRepository from './businesses.repository.js';

const WEEKDAYS = [1, 2, 3, 4, 5];
export const DEFAULT_HOURS = WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00' }));
/** 17:00-23:00 every 30 minutes, on the days the restaurant said it opens (every day unless told). */
export const defaultTimeSlots = (openDays: readonly number[]) =>
  [...openDays].sort((a, b) => a - b).map((dayOfWeek) => ({ dayOfWeek, startTime: '17:00', endTime: '23:00', intervalMinutes: 30 }));

type BusinessInput = z.infer<typeof createBusinessSchema>;
type RestaurantInput = z.infer<typeof createRestaurantSchema>;

/** The zone to store for what the owner typed; creation and the owner's edit share it. */
export function resolveTimeZone(timeZones: TimeZones, input: string): string {
  const timeZone = timeZones.resolve(input);
  if (timeZone === null) throw new AppError(ErrorCode.VALIDATION, 'timeZone must be an IANA time zone such as America/New_York');
  return timeZone;
}

/** Everything that can be refused without the database, checked before any write. */
function checkRequest(user: User, input: { userId?: number; timeZone?: string }, timeZones: TimeZones): string {
  if (input.userId !== undefined && input.userId !== user.id) throw forbidden('userId must be the signed-in user');
  if (user.userType !== 'business') throw forbidden('Only business accounts can register a business');
  return input.timeZone ? resolveTimeZone(timeZones, input.timeZone) : timeZones.fallback;
}

/**
 * The whole create is one transaction, read-back included: if any step fails nothing is left behind,
 * so the owner can simply try again. The owner lock makes parallel creates for one account queue.
 */
async function createOnce(db: Db, user: User, ownerName: string | undefined, insertAll: (tx: Db) => Promise<number>): Promise<Business> {
  return unitOfWork(db, async (tx) => {
    await businessesRepository.lockOwnerForCreate(tx, user.id);
    if (await businessesRepository.findBusinessByOwner(tx, user.id)) throw new AppError(ErrorCode.CONFLICT, 'This account already has a business');
    // Before the business row: its first staff member takes the owner's profile name (que_first_staff_member).
    if (ownerName !== undefined) await businessesRepository.setOwnerName(tx, user.id, ownerName);
    const id = await insertAll(tx);
    return (await businessesRepository.findBusiness(tx, id))!;
  });
}

/** A service business with default weekly hours (Mon-Fri 09:00-17:00). */
export async function createServiceBusiness(db: Db, user: User, input: BusinessInput, timeZones: TimeZones): Promise<Business> {
  const timeZone = checkRequest(user, input, timeZones);
  const { userId: _u, timeZone: _z, ownerName, ...fields } = input;
  return createOnce(db, user, ownerName, async (tx) => {
    const businessId = await businessesRepository.insertBusiness(tx, { ...fields, ownerId: user.id, businessType: 'service', timeZone });
    await businessesRepository.insertDefaultHours(tx, businessId, DEFAULT_HOURS);
    return businessId;
  });
}

/** A restaurant with its "Table reservation" service and the 17:00-23:00 every-30-minutes slots on its open days. */
export async function createRestaurant(db: Db, user: User, input: RestaurantInput, timeZones: TimeZones): Promise<Business> {
  const timeZone = checkRequest(user, input, timeZones);
  const { userId: _u, timeZone: _z, category: _c, businessType: _t, openDays, ownerName, ...fields } = input;
  return createOnce(db, user, ownerName, async (tx) => {
    const businessId = await businessesRepository.insertBusiness(tx, { ...fields, category: 'Restaurant', businessType: 'restaurant', ownerId: user.id, timeZone });
    await businessesRepository.insertTableReservationService(tx, businessId, fields.maxPartySize, fields.reservationDuration);
    await businessesRepository.insertDefaultTimeSlots(tx, businessId, defaultTimeSlots(openDays));
    return businessId;
  });
}
