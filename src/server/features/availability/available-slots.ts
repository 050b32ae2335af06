
import { ErrorCode } from '../../../contract/errors.js';
import { isValidDate } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';
import { AppError, sqlCall } from '../../errors.js';
import * as slotsRepository from './slots.repository.js';

export interface AvailableSlotsQuery {
  businessId: number;
  date: string;
  serviceId?: number;
  partySize?: number;
  /** Only this staff member's starts; 400 unless an active member of the business. */
  staffId?: number;
  /** Ignored when checking conflicts: the appointment being rescheduled, or both sides of a swap. */
  excludeAppointmentIds?: number[];
  now?: Date;
  /** The configured limits: slotRules(app.config). */
  rules: SlotRules;
}

/** The configurable part of the slot rules, the same for the slot list and every booking. */
export interface SlotRules {
  restaurantHorizonDays: number;
}

/** The one way every use case gets the configured slot limits (a service business's window is a rule in SQL). */
export const slotRules = (config: { RESTAURANT_BOOKING_HORIZON_DAYS: number }): SlotRules => ({
  restaurantHorizonDays: config.RESTAURANT_BOOKING_HORIZON_DAYS,
});

/** Why a whole day is closed: past, blocked, beyond_window (services), beyond_horizon (restaurants). */
export type ClosedDay = 'past' | 'blocked' | 'beyond_window' | 'beyond_horizon';

/** A day's bookable start times, and why there are none when the whole day is closed. */
export interface DaySlots {
  slots: string[];
  closed: ClosedDay | null;
}

/**
 * Bookable start times ("HH:mm", ascending) for one business and day, computed by the SQL function
 * every booking re-checks with (que_day_slots): one database call.
 */
export async function listAvailableSlots(db: Db, q: AvailableSlotsQuery): Promise<string[]> {
  return (await slotsOfDay(db, q)).slots;
}

/** listAvailableSlots with the reason a whole day is closed. */
export async function slotsOfDay(db: Db, q: AvailableSlotsQuery): Promise<DaySlots> {
  if (!isValidDate(q.date)) throw new AppError(ErrorCode.VALIDATION, 'date must be a valid date (YYYY-MM-DD)');
  // After the day's call: an unknown business or service is 404 first.
  const day = await sqlCall(slotsRepository.daySlots(db, { ...q, restaurantHorizonDays: q.rules.restaurantHorizonDays }));
  await requireActiveMember(db, q);
  return { slots: day.slots, closed: day.closed as ClosedDay | null };
}

/** slotsOfDay with who is free at each start (ids, in the owner's order). */
export async function slotsOfDayWithStaff(db: Db, q: AvailableSlotsQuery): Promise<DaySlots & { slotStaff: number[][] }> {
  if (!isValidDate(q.date)) throw new AppError(ErrorCode.VALIDATION, 'date must be a valid date (YYYY-MM-DD)');
  const day = await sqlCall(slotsRepository.daySlotsWithStaff(db, { ...q, restaurantHorizonDays: q.rules.restaurantHorizonDays }));
  await requireActiveMember(db, q);
  return { slots: day.slots, slotStaff: day.slotStaff, closed: day.closed as ClosedDay | null };
}

// A member of another business, or one no longer active, would only ever get an empty list: say why.
async function requireActiveMember(db: Db, q: Pick<AvailableSlotsQuery, 'businessId' | 'staffId'>): Promise<void> {
  if (q.staffId === undefined) return;
  if (!(await slotsRepository.isActiveMember(db, q.businessId, q.staffId))) {
    throw new AppError(ErrorCode.VALIDATION, `staffId ${q.staffId} is not an active staff member of this business`);
  }
}

/**
 * The days of a month ("yyyy-MM") with at least one bookable start, by the slot list's own rules, in
 * one database call (que_open_days): the calendar greys out the rest without a request per day.
 */
export async function listOpenDays(db: Db, q: Omit<AvailableSlotsQuery, 'date' | 'excludeAppointmentIds'> & { month: string }): Promise<{ month: string; openDays: string[] }> {
  const [year, month] = q.month.split('-').map(Number);
  const from = `${q.month}-01`;
  const to = `${q.month}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
  const openDays = await sqlCall(slotsRepository.openDays(db, { ...q, from, to, restaurantHorizonDays: q.rules.restaurantHorizonDays }));
  await requireActiveMember(db, q);
  return { month: q.month, openDays };
}
