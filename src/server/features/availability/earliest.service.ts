import type { EarliestAppointment } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getBusiness } from '../businesses/index.js';
import * as earliestRepository from './earliest.repository.js';

// The items are JSON text built by the database (earliest.repository.ts), sent as they are: Node
// never parses, validates and serializes them again.

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
