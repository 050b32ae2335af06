import type { EarliestAppointment } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getBusiness } from '../businesses/index.js';
import * as earliestRepository from './earliest.repository.js';

// The items are JSON built by the database (earliest.repository.ts): about 17,000 of
// them at 10,000 businesses, which Node would otherwise spend tens of milliseconds turning into
// objects, validating and serializing again. The route sends the text as it is.

/** One item per business and live service with a free slot in the coming week, soonest first, as JSON text. */
export function earliestAppointmentsJson(db: Db, now: Date = new Date()): Promise<string> {
  return earliestRepository.earliestListingJson(db, now);
}

/**
 * Each live service's soonest free slot at one business in the coming week, soonest first, as JSON
 * text: the booking flows open on the first day with free times of the chosen service (issue 18).
 * An empty list when nothing is free that week; 404 when there is no such business.
 */
export async function businessEarliestAppointmentsJson(db: Db, businessId: number, now: Date = new Date()): Promise<string> {
  const items = await earliestRepository.businessEarliestJson(db, businessId, now);
  if (items === '[]') await getBusiness(db, businessId);
  return items;
}

/** The business's soonest free slot over all its services in the coming week. */
export async function getEarliestAppointment(db: Db, businessId: number, now: Date = new Date()): Promise<EarliestAppointment> {
  const [first] = JSON.parse(await earliestRepository.businessEarliestJson(db, businessId, now)) as EarliestAppointment[];
  if (first) return first;
  await getBusiness(db, businessId); // 404 Business not found, rather than no slots
  throw new AppError(ErrorCode.NOT_FOUND, 'No available appointments in the coming week');
}
