import type { Db } from '../../db/client.js';
import { sqlCall } from '../../errors.js';
import { DEFAULT_SLOT_RULES, type SlotRules } from '../availability/available-slots.js';
import { requireSlot } from '../availability/slots.repository.js';

export interface SlotRequest {
  businessId: number;
  serviceId: number;
  date: string;
  time: string;
  partySize: number;
  excludeAppointmentIds?: number[];
  /** The app's configured slot rules (the restaurant horizon); the defaults when left out. */
  rules?: SlotRules;
  /**
   * False when the exclusion constraint is to decide a service business's overlaps as the row is
   * written (a reschedule); a swap moves two rows with the constraint deferred, so it reads them.
   */
  withBooked?: boolean;
}

/**
 * Re-checks, inside the transaction, everything the public slot list checks, by the same SQL
 * (que_require_slot, migration 0007): a restaurant's bookings take turns on its row, since seats
 * are a sum over rows. Past a restaurant's horizon is a 400 that says the limit; otherwise SLOT_TAKEN.
 */
export async function requireFreeSlot(tx: Db, r: SlotRequest): Promise<void> {
  await sqlCall(
    requireSlot(tx, {
      ...r,
      restaurantHorizonDays: (r.rules ?? DEFAULT_SLOT_RULES).restaurantHorizonDays,
      withBooked: r.withBooked ?? true,
    }),
  );
}
