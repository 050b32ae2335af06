
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { RULES } from '../../../contract/rules.js';
import { type AvailableSlotsQuery, type ClosedDay, slotsOfDay } from '../availability/index.js';

// Still 409 SLOT_TAKEN (clients send the customer back to choose another time), with what to change.
const closedDayMessages: Partial<Record<ClosedDay, string>> = {
  past: 'That date is in the past. Please choose today or a later date.',
  beyond_window: `Appointments can be booked at most ${RULES.serviceBookingWindowDays} days ahead. Please choose an earlier date.`,
  blocked: 'The business is not taking bookings on that date. Please choose another date.',
};
/** A day with no free time at all (closed that weekday, or fully booked): another time that day will not do. */
const NOTHING_FREE = 'No available slots for this date. Please choose another date.';

/**
 * The booking statement answers every slot it will not give with SLOT_TAKEN, a whole closed day
 * included. Only on that failure path, one more read of the day (the slot list's own rules) tells a
 * day that is past, too far ahead, blocked or without any free time apart from a time someone else
 * holds, so the customer is told what to change instead of "no longer available". Any other error, or a day that is open, is passed on unchanged.
 */
export async function explainRefusedSlot(db: Db, error: unknown, day: AvailableSlotsQuery): Promise<never> {
  if (!(error instanceof AppError) || error.code !== ErrorCode.SLOT_TAKEN) throw error;
  let open: { closed: ClosedDay | null; slots: string[] };
  try {
    open = await slotsOfDay(db, day);
  } catch {
    throw error;
  }
  const message = open.closed ? closedDayMessages[open.closed] : open.slots.length === 0 ? NOTHING_FREE : undefined;
  throw message ? new AppError(ErrorCode.SLOT_TAKEN, message) : error;
}
