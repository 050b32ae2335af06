import { BOOKING_WINDOW_DAYS, SLOT_STEP_MINUTES } from '../../../contract/availability.js';
import { addDays, minutesToTime } from '../../../contract/time.js';

/** A booked period in minutes relative to the requested day's midnight (may start before 0 or end after 1440). */
export interface BookedPeriod {
  start: number;
  end: number;
  partySize: number;
}

export type SlotPlan =
  | {
      kind: 'service';
      /** Opening hours of that weekday, or null when closed. */
      hours: { open: number; close: number } | null;
      duration: number;
    }
  | {
      kind: 'restaurant';
      /** Active time slots of that weekday. */
      timeSlots: { start: number; end: number; interval: number }[];
      duration: number;
      capacity: number;
      partySize: number;
    };

export interface SlotInput {
  plan: SlotPlan;
  /** The requested day and the business's today (both yyyy-MM-dd) and minutes since its midnight now. */
  date: string;
  today: string;
  nowMinutes: number;
  blocked: boolean;
  /** How many days ahead a restaurant takes reservations (RESTAURANT_BOOKING_HORIZON_DAYS). */
  restaurantHorizonDays: number;
  /** Active appointments that matter: exclusive ones for a service business, all for a restaurant. */
  booked: BookedPeriod[];
}

/**
 * Why nothing at all can be booked on a day, before looking at hours or bookings; null when the
 * day is open. `beyond_horizon` is a restaurant date past its horizon: booking it is a mistake
 * the client is told about, unlike a day that simply has no free time.
 */
export type ClosedDay = 'past' | 'blocked' | 'beyond_window' | 'beyond_horizon';

export function closedDay(kind: SlotPlan['kind'], date: string, today: string, blocked: boolean, restaurantHorizonDays: number): ClosedDay | null {
  if (date < today) return 'past';
  if (blocked) return 'blocked';
  // Service businesses book inside a short window; restaurants up to their horizon, so nobody can
  // pile up bookings (and their credit) in the far future.
  if (kind === 'service') return date <= addDays(today, BOOKING_WINDOW_DAYS) ? null : 'beyond_window';
  return date <= addDays(today, restaurantHorizonDays) ? null : 'beyond_horizon';
}

export const isBookableDay = (kind: SlotPlan['kind'], date: string, today: string, blocked: boolean, restaurantHorizonDays: number) =>
  closedDay(kind, date, today, blocked, restaurantHorizonDays) === null;

export function serviceStep(duration: number): number {
  return Math.min(SLOT_STEP_MINUTES, duration);
}

/** Candidate start minutes of the day, ascending and distinct, before bookings are considered. */
export function candidateStarts(plan: SlotPlan): number[] {
  if (plan.kind === 'service') {
    if (!plan.hours) return [];
    const starts: number[] = [];
    const step = serviceStep(plan.duration);
    for (let t = plan.hours.open; t + plan.duration <= plan.hours.close; t += step) starts.push(t);
    return starts;
  }
  const starts = new Set<number>();
  for (const slot of plan.timeSlots) {
    for (let t = slot.start; t < slot.end; t += slot.interval) starts.add(t);
  }
  return [...starts].sort((a, b) => a - b);
}

/** Seats in use at the fullest moment of [from, to). Occupancy only rises where a booking starts. */
export function peakSeats(booked: BookedPeriod[], from: number, to: number): number {
  const overlapping = booked.filter((b) => b.start < to && b.end > from);
  let peak = 0;
  const moments = [from, ...overlapping.filter((b) => b.start > from).map((b) => b.start)];
  for (const moment of moments) {
    let seats = 0;
    for (const b of overlapping) if (b.start <= moment && b.end > moment) seats += b.partySize;
    peak = Math.max(peak, seats);
  }
  return peak;
}

/**
 * Whether a visit over [start, end) (minutes of the day's wall clock) is free. `end` is usually
 * start + duration; on a day the clocks change it is where the real duration ends (see
 * available-slots.ts), and a service visit must then still end by closing time.
 */
export function isFreeBetween(plan: SlotPlan, booked: BookedPeriod[], start: number, end: number): boolean {
  if (plan.kind === 'service') return !booked.some((b) => b.start < end && b.end > start) && (!plan.hours || end <= plan.hours.close);
  return peakSeats(booked, start, end) + plan.partySize <= plan.capacity;
}

const isFree = (plan: SlotPlan, booked: BookedPeriod[], start: number) => isFreeBetween(plan, booked, start, start + plan.duration);

/**
 * The bookable start times ("HH:mm", ascending) of one day. Pure: the loader in available-slots.ts
 * reads the data; the booking transaction re-runs the same rules through it.
 */
export function computeSlots(input: SlotInput): string[] {
  const { plan, date, today } = input;
  if (!isBookableDay(plan.kind, date, today, input.blocked, input.restaurantHorizonDays)) return [];
  const notBefore = date === today ? input.nowMinutes + 1 : 0;
  return candidateStarts(plan)
    .filter((start) => start >= notBefore && isFree(plan, input.booked, start))
    .map(minutesToTime);
}
