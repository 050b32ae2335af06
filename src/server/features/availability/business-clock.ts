import { ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../../errors.js';

/**
 * "Now" as a business sees it: its local calendar date and minutes since midnight in its IANA zone.
 * Slots and appointments are stored as local wall-clock times, so every "is it in the past" check
 * compares against this, never against the server's own zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function newFormatter(timeZone: string): Intl.DateTimeFormat {
  const options = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
  } catch {
    // A stored zone this Node does not know (written by hand, or dropped by an ICU update): that business
    // cannot tell its "now", so it refuses cleanly instead of failing with a 500.
    throw new AppError(ErrorCode.INVALID_STATE, `This business's time zone (${timeZone}) is not supported here, so it cannot take bookings right now`);
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = newFormatter(timeZone);
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function businessNow(timeZone: string, now: Date = new Date()): { date: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(now)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** A wall-clock timestamp ("yyyy-MM-dd HH:mm:00") `minutes` after the start of `date`; may roll into later days. */
export function wallClock(date: string, minutes: number): string {
  const dayOffset = Math.floor(minutes / 1440);
  const rest = minutes - dayOffset * 1440;
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + dayOffset);
  const hh = String(Math.floor(rest / 60)).padStart(2, '0');
  const mm = String(rest % 60).padStart(2, '0');
  return `${day.toISOString().slice(0, 10)} ${hh}:${mm}:00`;
}

/** Minutes from the start of `date` to a wall-clock timestamp ("yyyy-MM-dd HH:mm[:ss]", space or T). */
export function minutesSince(date: string, timestamp: string): number {
  const days = Math.round((Date.parse(`${timestamp.slice(0, 10)}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
  return days * 1440 + Number(timestamp.slice(11, 13)) * 60 + Number(timestamp.slice(14, 16));
}
