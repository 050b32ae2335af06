import { timeToMinutes } from '../../../contract/time.js';
import { instantFromDate, wallClockOf } from '../../time/business-time.js';

/**
 * "Now" as a business sees it: its local calendar date and minutes since midnight in its IANA zone.
 * Slots and appointments are stored as local wall-clock times, so every "is it in the past" check
 * compares against this, never against the server's own zone. The conversion is the time module's
 * (DESIGN section 4: one function turns instants and wall clocks into each other); a zone this Node
 * does not know is a clean 409 from there, not a 500.
 */
export function businessNow(timeZone: string, now: Date = new Date()): { date: string; minutes: number } {
  const { date, time } = wallClockOf(instantFromDate(now), timeZone);
  return { date, minutes: timeToMinutes(time) };
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
