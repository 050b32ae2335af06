/**
 * SPEC section 9: "14:30" -> "2:30 PM", "00:15" -> "12:15 AM". Anything not HH:mm with numeric
 * parts is returned unchanged; empty or non-string input gives ''.
 */
export function formatTime12h(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const match = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  if (hours > 23 || Number(match[2]) > 59) return value;
  const period = hours >= 12 ? 'PM' : 'AM';
  const displayHour = hours === 0 ? 12 : hours > 12 ? hours - 12 : hours;
  return `${displayHour}:${match[2]} ${period}`;
}

/** A range of wall-clock times in the app's one format: "9:00 AM – 12:00 PM" (the 24-hour "09:00–12:00" read as another app's). */
export const formatTimeRange = (from: string, to: string): string => `${formatTime12h(from.slice(0, 5))} – ${formatTime12h(to.slice(0, 5))}`;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** "2026-11-26" -> "Thursday, November 26" (no year: the long date without it). Not yyyy-MM-dd: unchanged. */
export function formatWeekdayDate(date: string): string {
  if (!isValidDate(date)) return date;
  return `${WEEKDAY_NAMES[dayOfWeek(date)]}, ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/**
 * A slot as people read it everywhere, on screens and in notifications: ("2026-11-26", "09:00") ->
 * "9:00 AM, Thursday, November 26". The database prints the same with que_slot_text
 * (src/server/time/sql/slot-text.sql); a test holds the two together.
 */
export function formatSlot(date: string, time: string): string {
  return `${formatTime12h(time)}, ${formatWeekdayDate(date)}`;
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "HH:mm" -> minutes since midnight. */
export function timeToMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** minutes since midnight -> "HH:mm". */
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Calendar arithmetic on yyyy-MM-dd strings, in UTC so no local offset leaks in. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, as SPEC's dayOfWeek. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isValidDate(date: string): boolean {
  // Year 0000 (1 BC) parses in JavaScript but is outside PostgreSQL's dates: refused here, by name.
  if (!DATE_PATTERN.test(date) || date.startsWith('0000')) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}
