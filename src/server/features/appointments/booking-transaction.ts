import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, fromDatabaseError } from '../../errors.js';
import { listAvailableSlots, type PreloadedSlotContext } from '../availability/available-slots.js';
import * as appointmentsRepository from './appointments.repository.js';

export const slotTaken = () => new AppError(ErrorCode.SLOT_TAKEN, 'That time slot is no longer available');

function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++, e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * One booking-shaped transaction. Two inserts that overlap can each wait on the other inside the
 * exclusion constraint; Postgres aborts one with a deadlock, and the retry then sees the slot
 * taken. A lost race that reaches the constraint (23P01) is the same 409 as a slot already gone.
 */
export async function runBookingTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx));
    } catch (error) {
      if (error instanceof AppError) throw error;
      const state = sqlState(error);
      if (state && RETRYABLE.has(state) && attempt < ATTEMPTS) continue;
      if (state === '23P01') throw slotTaken();
      throw fromDatabaseError(error) ?? error;
    }
  }
}

export interface SlotRequest {
  businessId: number;
  businessType: string;
  serviceId: number;
  date: string;
  time: string;
  partySize: number;
  excludeAppointmentId?: number;
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
  const slots = await listAvailableSlots(tx, {
    businessId: r.businessId,
    date: r.date,
    serviceId: r.serviceId,
    partySize: r.businessType === 'restaurant' ? r.partySize : undefined,
    excludeAppointmentId: r.excludeAppointmentId,
  }, context);
  if (!slots.includes(r.time)) throw slotTaken();
}
