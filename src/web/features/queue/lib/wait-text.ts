// Relative imports, so the unit tests (plain Node, no aliases) load this file as the app does.
import type { QueueEntry } from '../../../../contract/live';
import { addDays, formatWeekdayDate, WEEKDAY_NAMES, dayOfWeek } from '../../../../contract/time';
import { formatClock, wallClockAt } from '../../../lib/business-time';

// The API gives waits in minutes (SPEC's estimatedWaitMinutes); a person reads when their turn comes.
// A minute count past an hour or two means nothing at a glance ("~1184 min"), so the screen says
// it as the clock does: soon, later today, or on which day and at what time.

const MINUTE_MS = 60_000;
/** Under an hour, a wait reads best as minutes. */
const SOON_MINUTES = 60;

const hoursAndMinutes = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
};

/** What a wait is read from: SPEC's minutes, and the entry's business clock and booked start. */
export type Wait = Pick<QueueEntry, 'estimatedWaitMinutes' | 'timeZone' | 'date' | 'time'>;

const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When a wait ends, on the business's clock: "now", "in ~12 min", "in 3 h 20 min" (later today),
 * "tomorrow at 11:00 AM", "Saturday at 11:00 AM" (this week), or "Thursday, December 10 at
 * 11:00 AM"; a clock time from another zone says whose ("New York time"). An end within a minute of
 * the booked start is that start (the minutes are rounded up, and counted when the list was
 * fetched). '' for a finished entry (no wait).
 */
export function describeWait(entry: Wait, now: number = Date.now(), viewer?: string): string {
  const { estimatedWaitMinutes: minutes, timeZone } = entry;
  if (minutes === null || !Number.isFinite(minutes)) return '';
  const wait = Math.max(0, Math.round(minutes));
  if (wait === 0) return 'now';
  if (wait < SOON_MINUTES) return `in ~${wait} min`;
  const today = wallClockAt(now, timeZone).date;
  const estimate = wallClockAt(now + wait * MINUTE_MS, timeZone);
  const onTime = estimate.date === entry.date && Math.abs(minutesOfDay(estimate.time) - minutesOfDay(entry.time)) <= 1;
  const at = onTime ? { date: entry.date, time: entry.time } : estimate;
  if (at.date === today) return `in ${hoursAndMinutes(wait)}`;
  const clock = formatClock(at.time, timeZone, viewer);
  if (at.date === addDays(today, 1)) return `tomorrow at ${clock}`;
  if (at.date < addDays(today, 7)) return `${WEEKDAY_NAMES[dayOfWeek(at.date)]} at ${clock}`;
  return `${formatWeekdayDate(at.date)} at ${clock}`;
}

/** A length of time, not anchored to a clock (the average wait): "~12 min", "3 h 20 min", "2 d 4 h". */
export function formatWaitLength(minutes: number): string {
  const wait = Math.max(0, Math.round(minutes));
  if (wait < SOON_MINUTES) return `~${wait} min`;
  if (wait < 24 * 60) return hoursAndMinutes(wait);
  const days = Math.floor(wait / (24 * 60));
  const hours = Math.floor((wait % (24 * 60)) / 60);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}
