import type { EarliestAppointment } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { getBusiness } from '../businesses/businesses.service.js';
import { skippingUnusableTimeZones, type WarnLog } from '../businesses/unusable-time-zones.js';
import * as earliestRepository from './earliest.repository.js';

const toItem = (row: earliestRepository.EarliestRow): EarliestAppointment => {
  // minutes since the epoch of the business's wall clock, read back as a UTC instant
  const wallClock = new Date(Number(row.start_minute) * 60_000).toISOString();
  return {
    business: { id: Number(row.business_id), businessName: row.business_name, businessType: row.business_type, category: row.category },
    service: { id: Number(row.service_id), serviceName: row.service_name, duration: Number(row.service_duration), price: centsToDecimal(Number(row.price_cents)) },
    date: wallClock.slice(0, 10),
    time: wallClock.slice(11, 16),
    duration: Number(row.slot_minutes),
  };
};

/** One item per business and live service with a free slot in the coming week, soonest first. */
export async function listEarliestAppointments(db: Db, now: Date = new Date(), log?: WarnLog): Promise<EarliestAppointment[]> {
  const rows = await skippingUnusableTimeZones(db, log, (skipTimeZones) => earliestRepository.findEarliest(db, { now, skipTimeZones }));
  return rows.map(toItem);
}

/** The business's soonest free slot over all its services in the coming week. */
export async function getEarliestAppointment(db: Db, businessId: number, now: Date = new Date(), log?: WarnLog): Promise<EarliestAppointment> {
  await getBusiness(db, businessId);
  const [first] = await skippingUnusableTimeZones(db, log, (skipTimeZones) => earliestRepository.findEarliest(db, { now, businessId, skipTimeZones }));
  if (!first) throw new AppError(ErrorCode.NOT_FOUND, 'No available appointments in the coming week');
  return toItem(first);
}
