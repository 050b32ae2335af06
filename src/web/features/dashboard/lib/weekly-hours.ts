// Relative imports: unit tests load this file without the '@' aliases.
import { formatTimeRange } from '../../../../contract/time';

/** Monday first, as people read a week; dayOfWeek stays 0 = Sunday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface DayLine {
  day: string;
  /** "9:00 AM – 5:00 PM", several ranges joined, or null when closed. */
  hours: string | null;
}

const range = formatTimeRange;

/** A service business's bookable week, from its weekly hours (what the slot engine uses). */
export function weekFromHours(hours: { dayOfWeek: number; openTime: string; closeTime: string }[]): DayLine[] {
  return WEEK.map((d) => {
    const h = hours.find((x) => x.dayOfWeek === d);
    return { day: DAY_NAMES[d], hours: h ? range(h.openTime, h.closeTime) : null };
  });
}

/** A restaurant's bookable week, from its active time slots (what the slot engine uses). */
export function weekFromTimeSlots(slots: { dayOfWeek: number; startTime: string; endTime: string; isActive: boolean }[]): DayLine[] {
  return WEEK.map((d) => {
    const ranges = slots
      .filter((s) => s.isActive && s.dayOfWeek === d)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))
      .map((s) => range(s.startTime, s.endTime));
    return { day: DAY_NAMES[d], hours: ranges.length ? ranges.join(', ') : null };
  });
}
