import { z } from 'zod';
import type { ListEarliestQuery } from '../../../contract/appointments.js';
import { INT4_MAX } from '../../../contract/numbers.js';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { encodeKey, readCursor } from '../../plugins/paging.js';
import { filterPrint, refreshEarliest, setSearchThreshold } from '../businesses/index.js';
import { type EarliestKey, selectEarliestPage } from './earliest-page.repository.js';

// GET /api/earliest-appointments (DESIGN section 10): every live service's soonest free start in the
// coming week, soonest first, a page at a time, with the directory's filters; a date, a time and a
// party size make it an availability search (each item's free starts that day at or after the time);
// a cursor's start is null in the part after the stored rows (a later date's services with nothing stored).

const id = z.number().int().positive().max(INT4_MAX);
const keySchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/).nullable(), id, id]);

/** One page as JSON text (the items as the database wrote them) and the next page's cursor (null on the last). */
export async function earliestPageJson(db: Db, query: ListEarliestQuery, now: Date, horizonDays: number = RULES.restaurantHorizonDays, scan: number = RULES.availabilitySearchScanPerPage): Promise<{ json: string; next: string | null }> {
  const print = filterPrint(query);
  const list = `earliest/${print}`;
  const after = readCursor<EarliestKey>(list, keySchema, query.cursor, (name) => (name.split('/')[1] === print ? 'these filters' : name.startsWith('earliest/') ? 'other filters' : 'another list'));
  const at = now.toISOString();
  await refreshEarliest(db, at, null);
  const { rows, scanEnd } = await unitOfWork(db, async (tx) => {
    if (query.q) await setSearchThreshold(tx);
    return selectEarliestPage(tx, query, after, query.limit, at, horizonDays, scan);
  });
  const items = rows.slice(0, query.limit);
  // A search that looked at its most rows without filling the page goes on after the last it looked at.
  const nextKey = rows.length > query.limit ? items[items.length - 1].key : scanEnd;
  // the brackets and commas are joined here: the items are never parsed
  return { json: `[${items.map((r) => r.item).join(',')}]`, next: nextKey ? encodeKey(list, nextKey) : null };
}
