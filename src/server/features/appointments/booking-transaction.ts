import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, slotTaken } from '../../errors.js';
import { DEFAULT_SLOT_RULES, type PreloadedSlotContext, type SlotRules, slotsOfDay } from '../availability/available-slots.js';
import { existsLocally, missingTimeMessage } from '../../time/business-time.js';
import * as appointmentsRepository from './appointments.repository.js';

export interface SlotRequest {
  businessId: number;
  businessType: string;
  serviceId: number;
  date: string;
  time: string;
  partySize: number;
  excludeAppointmentIds?: number[];
  /** The app's configured slot rules (the restaurant horizon); the defaults when left out. */
  rules?: SlotRules;
}

/**
 * Re-checks, inside the transaction, everything the public slot list checks. `preloaded` is what
 * the caller already read in this transaction (the business with the day's blocked flag, the service).
 */
export async function requireFreeSlot(tx: Db, r: SlotRequest, preloaded?: PreloadedSlotContext): Promise<void> {
  // Restaurants share seats: capacity is a sum over rows, so bookings of one restaurant take turns.
  // Their settings are then read again under that lock, not taken from before it.
  const isRestaurant = r.businessType === 'restaurant';
  if (isRestaurant) await appointmentsRepository.lockBusiness(tx, r.businessId);
  const context = preloaded && isRestaurant ? undefined : preloaded;
  const rules = r.rules ?? DEFAULT_SLOT_RULES;
  const { slots, closed, timeZone } = await slotsOfDay(tx, {
    businessId: r.businessId,
    date: r.date,
    serviceId: r.serviceId,
    partySize: r.businessType === 'restaurant' ? r.partySize : undefined,
    excludeAppointmentIds: r.excludeAppointmentIds,
    rules,
  }, context);
  // A date past the horizon is no race lost to another customer: say what the limit is.
  if (closed === 'beyond_horizon') {
    throw new AppError(ErrorCode.VALIDATION, `Reservations can be made at most ${rules.restaurantHorizonDays} days ahead. Please choose an earlier date.`);
  }
  if (slots.includes(r.time)) return;
  // A time the clocks skip that day was never free: say so rather than that someone took it.
  if (!existsLocally(r.date, r.time, timeZone)) throw new AppError(ErrorCode.VALIDATION, missingTimeMessage(r.date, r.time, timeZone));
  throw slotTaken();
}
