// Relative imports: the unit tests load this file without the '@' aliases.
import { RULES } from '../../../../contract/rules';
import { isValidDate, TIME_PATTERN } from '../../../../contract/time';
import type { EarliestListFilter } from '../../../lib/query-keys';

// Quick booking's filters (DESIGN section 10: "time, party size", OpenTable's availability search)
// live in the address, so a link or Back brings the same list back. A value it cannot use is dropped.

export const QUICK_MAX_PARTY = RULES.searchPartySizeMax;

export function earliestFilterFromParams(params: URLSearchParams): EarliestListFilter {
  const date = params.get('date') ?? '';
  const time = params.get('time') ?? '';
  const party = Number(params.get('partySize'));
  return {
    date: isValidDate(date) ? date : undefined,
    time: TIME_PATTERN.test(time) ? time : undefined,
    partySize: Number.isInteger(party) && party >= 1 && party <= QUICK_MAX_PARTY ? party : undefined,
  };
}

export function earliestFilterParams(filter: EarliestListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.date) params.set('date', filter.date);
  if (filter.time) params.set('time', filter.time);
  if (filter.partySize) params.set('partySize', String(filter.partySize));
  return params;
}

/** "06:00" to "22:00" every half hour: the times the From filter offers. */
export const fromTimes = Array.from({ length: 33 }, (_, i) => `${String(6 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
