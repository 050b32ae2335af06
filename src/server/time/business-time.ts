import { Temporal } from 'temporal-polyfill';
import { ErrorCode } from '../../contract/errors.js';
import { AppError } from '../errors.js';

/**
 * The one place a business's wall-clock date and time become an instant (DESIGN section 4).
 * Dates and times are stored as local wall-clock values in the business's IANA zone; anything that
 * needs a real moment (is it past, how long to wait, an e-mail's time) converts here, so the
 * daylight-saving rules are decided once:
 * - a local time that does not exist (the spring-forward gap) has no instant: null, the caller decides;
 * - an ambiguous one (the fall-back hour happens twice) means its first occurrence;
 * - a duration spans real minutes, not clock minutes.
 * The same rules decide slots and appointment periods inside the database (que_instant, que_period
 * and que_day_slots), where booking is one call; src/server/time/booking-period.test.ts
 * holds the SQL to this module.
 */

function plainDateTime(date: string, time: string): Temporal.PlainDateTime {
  return Temporal.PlainDateTime.from(`${date}T${time.slice(0, 5)}`);
}

function zoned(pdt: Temporal.PlainDateTime, timeZone: string): Temporal.ZonedDateTime {
  try {
    // 'earlier': in a fall-back overlap, the first occurrence; in a gap, a time before it (detected below).
    return pdt.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  } catch {
    throw new AppError(ErrorCode.INVALID_STATE, `This business's time zone (${timeZone}) is not supported here`);
  }
}

/** The instant of a local date ("yyyy-MM-dd") and time ("HH:mm") in `timeZone`; null when that local time does not exist. */
export function instantOf(date: string, time: string, timeZone: string): Temporal.Instant | null {
  const pdt = plainDateTime(date, time);
  const zdt = zoned(pdt, timeZone);
  // In a gap the zoned time lands on another wall clock: that local time never happens that day.
  return zdt.toPlainDateTime().equals(pdt) ? zdt.toInstant() : null;
}

/**
 * The instant of a local time, reading a time in a gap as the moment the clocks jump to (the
 * wall clock an appointment stored before the gap rule would be read as by anyone present).
 */
export function instantOfOrAfterGap(date: string, time: string, timeZone: string): Temporal.Instant {
  const exact = instantOf(date, time, timeZone);
  if (exact) return exact;
  return plainDateTime(date, time).toZonedDateTime(timeZone, { disambiguation: 'later' }).toInstant();
}

/** The local date ("yyyy-MM-dd") and time ("HH:mm") of an instant in `timeZone`. */
export function wallClockOf(instant: Temporal.Instant, timeZone: string): { date: string; time: string } {
  let zdt: Temporal.ZonedDateTime;
  try {
    zdt = instant.toZonedDateTimeISO(timeZone);
  } catch {
    throw new AppError(ErrorCode.INVALID_STATE, `This business's time zone (${timeZone}) is not supported here`);
  }
  const pdt = zdt.toPlainDateTime();
  return { date: pdt.toPlainDate().toString(), time: pdt.toPlainTime().toString({ smallestUnit: 'minute' }) };
}

/** Real minutes from `from` to `to` (negative when `to` is earlier), rounded down. */
export function minutesBetween(from: Temporal.Instant, to: Temporal.Instant): number {
  return Math.floor(Number(to.epochMilliseconds - from.epochMilliseconds) / 60_000);
}

/** `minutes` real minutes after an instant (a 60-minute visit at 01:30 before fall-back ends at 01:30 again). */
export const addRealMinutes = (instant: Temporal.Instant, minutes: number): Temporal.Instant => instant.add({ minutes });

/**
 * Whether the wall clock of an instant in `timeZone` names that instant alone: false in the hour
 * the clocks fall back, whose local times happen twice (and a local time is read as its first
 * occurrence, here and in RFC 5545), so 01:30 cannot say "the second 01:30".
 */
export function wallClockNamesOnly(instant: Temporal.Instant, timeZone: string): boolean {
  const local = instant.toZonedDateTimeISO(timeZone).toPlainDateTime();
  const first = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  const second = local.toZonedDateTime(timeZone, { disambiguation: 'later' });
  return first.epochNanoseconds === second.epochNanoseconds;
}

export const instantFromDate = (date: Date): Temporal.Instant => Temporal.Instant.fromEpochMilliseconds(date.getTime());

/** Today's local date in `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => wallClockOf(instantFromDate(now), timeZone).date;

/** Whether the clocks change on a local date (cheap pre-check before looking for missing times). */
export function clocksChangeOn(date: string, timeZone: string): boolean {
  const start = zoned(plainDateTime(date, '00:00'), timeZone);
  const next = zoned(Temporal.PlainDate.from(date).add({ days: 1 }).toPlainDateTime(), timeZone);
  return start.offsetNanoseconds !== next.offsetNanoseconds || next.epochMilliseconds - start.epochMilliseconds !== 86_400_000;
}
