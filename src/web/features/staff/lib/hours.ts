// Relative imports: unit tests load this file without the '@' aliases.
import { formatTimeRange, timeToMinutes, TIME_PATTERN } from '../../../../contract/time';

/** Monday first, as people read a week; dayOfWeek stays 0 = Sunday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export interface HoursRange {
  dayOfWeek: number;
  openTime: string;
  closeTime: string;
}
export interface Range {
  openTime: string;
  closeTime: string;
}
/** The editor's week: each day's ranges by dayOfWeek; an empty day is a day off. */
export type Week = Record<number, Range[]>;

const hhmm = (t: string) => t.slice(0, 5);
const byStart = (a: Range, b: Range) => a.openTime.localeCompare(b.openTime);

export function toWeek(hours: HoursRange[]): Week {
  const week: Week = Object.fromEntries(WEEK.map((d) => [d, [] as Range[]]));
  for (const h of hours) week[h.dayOfWeek]?.push({ openTime: hhmm(h.openTime), closeTime: hhmm(h.closeTime) });
  for (const d of WEEK) week[d].sort(byStart);
  return week;
}

export const fromWeek = (week: Week): HoursRange[] => WEEK.flatMap((d) => [...week[d]].sort(byStart).map((r) => ({ dayOfWeek: d, ...r })));

/**
 * What is wrong with one day's ranges, as the owner should read it, or null: each range must end
 * after it starts, and no two may overlap (touching is fine: 12:00–13:00 then 13:00–17:00).
 */
export function dayProblem(ranges: Range[]): string | null {
  for (const r of ranges) {
    if (!TIME_PATTERN.test(r.openTime) || !TIME_PATTERN.test(r.closeTime)) return 'Enter both times of every range';
    if (timeToMinutes(r.closeTime) <= timeToMinutes(r.openTime)) return `${formatTimeRange(r.openTime, r.closeTime)}: the end must be after the start`;
  }
  const sorted = [...ranges].sort(byStart);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]];
    if (timeToMinutes(b.openTime) < timeToMinutes(a.closeTime)) return `${formatTimeRange(a.openTime, a.closeTime)} and ${formatTimeRange(b.openTime, b.closeTime)} overlap`;
  }
  return null;
}

/** A new range after the day's last one (an hour's gap, as a lunch break), or a working day for the first. */
export function nextRange(ranges: Range[]): Range {
  const last = [...ranges].sort(byStart).at(-1);
  if (!last) return { openTime: '09:00', closeTime: '17:00' };
  const start = Math.min(timeToMinutes(last.closeTime) + 60, 22 * 60);
  const end = Math.min(start + 4 * 60, 23 * 60 + 55);
  const t = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { openTime: t(start), closeTime: t(end) };
}

/**
 * A week in a line for the member's card: consecutive days with the same ranges grouped, days off
 * named last, in the app's 12-hour times. "Mon–Fri 9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM · Sat 10:00 AM – 2:00 PM · Off Sun";
 * null hours: the business's.
 */
export function hoursSummary(hours: HoursRange[] | null): string {
  if (hours === null) return 'Business hours';
  const week = toWeek(hours);
  const text = (d: number) => week[d].map((r) => formatTimeRange(r.openTime, r.closeTime)).join(', ');
  const groups: { from: number; to: number; text: string }[] = [];
  for (const d of WEEK) {
    const last = groups.at(-1);
    if (last && last.text === text(d)) last.to = d;
    else groups.push({ from: d, to: d, text: text(d) });
  }
  const label = (g: { from: number; to: number }) => (g.from === g.to ? SHORT[g.from] : `${SHORT[g.from]}–${SHORT[g.to]}`);
  const working = groups.filter((g) => g.text).map((g) => `${label(g)} ${g.text}`);
  const off = groups.filter((g) => !g.text).map(label);
  if (!working.length) return 'No working hours';
  return [...working, ...(off.length ? [`Off ${off.join(', ')}`] : [])].join(' · ');
}
