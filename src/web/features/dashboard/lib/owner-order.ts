// Relative imports, so the unit tests (plain Node, no aliases) load this file as the app does.
import type { Appointment } from '../../../../contract/appointments';

type Timed = Pick<Appointment, 'date' | 'time' | 'id'>;

const start = (a: Timed) => `${a.date} ${a.time}`;

/**
 * The owner's lists in time order (issue 27): today and the days ahead first, soonest first, then
 * the days before today, most recent first, so the day's work leads and the past reads backwards
 * from it. Ties (one start) by id, so the order never shifts between renders.
 */
export function inOwnerOrder<T extends Timed>(list: readonly T[], today: string): T[] {
  const ahead = list.filter((a) => a.date >= today).sort((a, b) => start(a).localeCompare(start(b)) || a.id - b.id);
  const past = list.filter((a) => a.date < today).sort((a, b) => start(b).localeCompare(start(a)) || b.id - a.id);
  return [...ahead, ...past];
}
