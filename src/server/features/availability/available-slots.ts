import { DEFAULT_RESTAURANT_HORIZON_DAYS } from '../../../contract/availability.js';
import { ErrorCode } from '../../../contract/errors.js';
import { dayOfWeek, isValidDate, minutesToTime, timeToMinutes } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { clocksChangeOn, instantOf, periodFrom } from '../../time/business-time.js';
import { businessNow, minutesSince, wallClock } from './business-clock.js';
import { candidateStarts, type ClosedDay, closedDay, computeSlots, isFreeBetween, type SlotPlan } from './slot-engine.js';
import * as slotsRepository from './slots.repository.js';

export interface AvailableSlotsQuery {
  businessId: number;
  date: string;
  serviceId?: number;
  partySize?: number;
  /** Ignored when checking conflicts: the appointment being rescheduled, or both sides of a swap. */
  excludeAppointmentIds?: number[];
  now?: Date;
  /** Configured limits; the routes pass the app's (tests and benches may rely on the defaults). */
  rules?: SlotRules;
}

/** The configurable part of the slot rules, the same for the slot list and every booking. */
export interface SlotRules {
  restaurantHorizonDays: number;
}

export const DEFAULT_SLOT_RULES: SlotRules = { restaurantHorizonDays: DEFAULT_RESTAURANT_HORIZON_DAYS };

export const slotRulesOf = (config: { RESTAURANT_BOOKING_HORIZON_DAYS: number }): SlotRules => ({
  restaurantHorizonDays: config.RESTAURANT_BOOKING_HORIZON_DAYS,
});

export const DEFAULT_SEATING_CAPACITY = 40;
export const DEFAULT_RESERVATION_MINUTES = 120;

/**
 * What a caller already read in the same transaction (a booking loads its business, the blocked
 * flag of the day and its service first); passing it saves reading the same rows again.
 */
export interface PreloadedSlotContext {
  business: slotsRepository.SlotContext;
  /** The live service q.serviceId names (required when q.serviceId is set). */
  service?: slotsRepository.SlotService;
}

export type { SlotContext } from './slots.repository.js';

/** A business as slot rules see it on `date` (blocked or not); a booking reads it once and passes it back in. */
export async function getSlotContext(db: Db, businessId: number, date: string): Promise<slotsRepository.SlotContext> {
  const business = await slotsRepository.findSlotContext(db, businessId, date);
  if (!business) throw notFound('Business');
  return business;
}

const hhmm = (time: string) => timeToMinutes(time.slice(0, 5));

async function resolveService(db: Db, businessId: number, serviceId: number | undefined, preloaded?: slotsRepository.SlotService) {
  if (serviceId === undefined) return slotsRepository.findFirstLiveService(db, businessId);
  if (preloaded && preloaded.id === serviceId) {
    if (preloaded.businessId !== businessId) throw notFound('Service');
    return preloaded;
  }
  const service = await slotsRepository.findLiveService(db, serviceId);
  if (!service || service.businessId !== businessId) throw notFound('Service');
  return service;
}

/** A day's bookable start times, and why there are none when the whole day is closed. */
export interface DaySlots {
  slots: string[];
  closed: ClosedDay | null;
  /** The business's zone, so a refused time can be told apart from a taken one (it may not exist that day). */
  timeZone: string;
}

/**
 * Bookable start times ("HH:mm", ascending) for one business and day. Call it with a transaction
 * to re-check a requested time inside the transaction that books it; `preloaded` must then come
 * from that same transaction.
 */
export async function listAvailableSlots(db: Db, q: AvailableSlotsQuery, preloaded?: PreloadedSlotContext): Promise<string[]> {
  return (await slotsOfDay(db, q, preloaded)).slots;
}

/** listAvailableSlots with the reason a whole day is closed, so a booking can say why it was refused. */
export async function slotsOfDay(db: Db, q: AvailableSlotsQuery, preloaded?: PreloadedSlotContext): Promise<DaySlots> {
  if (!isValidDate(q.date)) throw new AppError(ErrorCode.VALIDATION, 'date must be a valid date (YYYY-MM-DD)');
  const business = preloaded?.business ?? (await getSlotContext(db, q.businessId, q.date));
  const isRestaurant = business.businessType === 'restaurant';
  const service = await resolveService(db, q.businessId, q.serviceId, preloaded?.service);

  const partySize = q.partySize ?? 1;
  if (isRestaurant) {
    const max = business.maxPartySize ?? partySize;
    if (!Number.isInteger(partySize) || partySize < 1) throw new AppError(ErrorCode.VALIDATION, 'Party size must be at least 1');
    if (partySize > max) throw new AppError(ErrorCode.VALIDATION, `Party size must be at most ${max} for this restaurant`);
  }

  const clock = businessNow(business.timeZone, q.now);
  const kind = isRestaurant ? ('restaurant' as const) : ('service' as const);
  const restaurantHorizonDays = (q.rules ?? DEFAULT_SLOT_RULES).restaurantHorizonDays;
  const closed = closedDay(kind, q.date, clock.date, business.blocked, restaurantHorizonDays);
  if (closed) return { slots: [], closed, timeZone: business.timeZone };
  const open = (slots: string[]): DaySlots => ({ slots, closed: null, timeZone: business.timeZone });

  let plan: SlotPlan;
  if (isRestaurant) {
    const timeSlots = await slotsRepository.findActiveTimeSlotsOfDay(db, q.businessId, dayOfWeek(q.date));
    plan = {
      kind: 'restaurant',
      timeSlots: timeSlots.map((s) => ({ start: hhmm(s.startTime), end: hhmm(s.endTime), interval: s.intervalMinutes })),
      duration: business.reservationDuration ?? DEFAULT_RESERVATION_MINUTES,
      capacity: business.seatingCapacity ?? DEFAULT_SEATING_CAPACITY,
      partySize,
    };
  } else {
    if (!service) return open([]);
    const hours = await slotsRepository.findHoursOfDay(db, q.businessId, dayOfWeek(q.date));
    plan = { kind: 'service', hours: hours && { open: hhmm(hours.openTime), close: hhmm(hours.closeTime) }, duration: service.duration };
  }

  const starts = candidateStarts(plan);
  if (starts.length === 0) return open([]);
  // On a day the clocks change, real durations may end up to a few wall-clock hours later.
  const changeDay = clocksChangeOn(q.date, business.timeZone);
  // Only appointments that can touch a candidate matter: one indexed range read.
  const rows = await slotsRepository.findBookedPeriods(db, {
    businessId: q.businessId,
    from: wallClock(q.date, starts[0]),
    to: wallClock(q.date, starts[starts.length - 1] + plan.duration + (changeDay ? 180 : 0)),
    exclusiveOnly: !isRestaurant,
    excludeAppointmentIds: q.excludeAppointmentIds,
  });
  const booked = rows.map((r) => ({ start: minutesSince(q.date, r.startsAt), end: minutesSince(q.date, r.endsAt), partySize: r.partySize }));
  const slots = computeSlots({ plan, date: q.date, today: clock.date, nowMinutes: clock.minutes, blocked: business.blocked, restaurantHorizonDays, booked });
  // A local time the clocks skip (spring forward) never happens: it is neither offered nor, since
  // bookings re-check through here, bookable (DESIGN section 4).
  if (!changeDay) return open(slots);
  // On a day the clocks change, "past" is decided by instants (after a fall-back the clock reads
  // 01:xx again, but a slot at 01:30 means the first 01:30, already gone), and a visit lasts its
  // real minutes, so its wall-clock end moves with the clocks: each candidate is checked where it
  // really ends (later than start + duration after a spring-forward, earlier after a fall-back).
  const nowMs = (q.now ?? new Date()).getTime();
  return open(starts.map(minutesToTime).filter((time) => {
    const at = instantOf(q.date, time, business.timeZone);
    if (at === null || at.epochMilliseconds <= nowMs) return false;
    const end = minutesSince(q.date, periodFrom(q.date, time, plan.duration, business.timeZone).endsAt);
    return isFreeBetween(plan, booked, timeToMinutes(time), end);
  }));
}
