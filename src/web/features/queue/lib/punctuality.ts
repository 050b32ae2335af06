// Relative imports, so the unit tests (plain Node, no aliases) load this file as the app does.
import type { QueueEntry } from '../../../../contract/live';
import { RULES } from '../../../../contract/rules';
import { wallClockAt } from '../../../lib/business-time';

// The owner runs the day by the clock: beside each waiting customer the queue says how late they are
// ("12 min late") or how long until their booking ("in 43 min"), and calling someone well before
// their time asks first (RULES.earlyCallConfirmMinutes).

type Booked = Pick<QueueEntry, 'date' | 'time' | 'timeZone'>;

const wallMinutes = (date: string, time: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(time.slice(0, 2)), Number(time.slice(3, 5))) / 60_000;

/** Minutes from now until the booked start on the business's wall clock (negative once it has passed). */
export function minutesUntilStart(entry: Booked, now: Date = new Date()): number {
  const { date, time } = wallClockAt(now, entry.timeZone);
  return wallMinutes(entry.date, entry.time) - wallMinutes(date, time);
}

const length = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
};

/** "12 min late", "in 43 min", or "due now" (within the minute). */
export function punctualityText(entry: Booked, now: Date = new Date()): string {
  const until = minutesUntilStart(entry, now);
  if (until === 0) return 'due now';
  return until > 0 ? `in ${length(until)}` : `${length(-until)} late`;
}

/** Whether calling the entry now is early enough to ask the owner first. */
export const isEarlyCall = (entry: Booked, now: Date = new Date()) => minutesUntilStart(entry, now) > RULES.earlyCallConfirmMinutes;
