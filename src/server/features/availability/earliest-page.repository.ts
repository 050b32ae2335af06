import { sql, type SQL } from 'drizzle-orm';
import { RULES } from '../../../contract/rules.js';
import { addDays } from '../../../contract/time.js';
import type { Db } from '../../db/client.js';
import { type DiscoveryFilter, discoveryConditions } from '../businesses/index.js';

// A page of GET /api/earliest-appointments (DESIGN section 10, decision 0024): the stored items in
// earliest_free_starts_listing_idx order (start_local, business_id, service_id), after the cursor,
// narrowed by the discovery filters, a day, a time and a party size. The items stay the database's
// JSON text. With a date, a time or a party (an availability search; decision 0024, issue-27
// addendum) each listed service's free starts that day at or after the time, for the party, are
// looked up as its row is reached (que_free_starts_from), so a page costs its own rows, not the market's.
// A date past the stored week goes on, after the stored rows, through the services with nothing
// stored (nothing free this week: they may be free then), in (business, service) order.

export interface EarliestFilter extends DiscoveryFilter {
  date?: string;
  time?: string;
}

/**
 * Where the previous page ended: its last item's stored start (YYYY-MM-DDTHH:MM:SS), business and
 * service; the start is null for a service with nothing stored (the rows after every stored one).
 */
export type EarliestKey = [string | null, number, number];

export interface EarliestRow {
  item: string;
  key: EarliestKey;
}

/** A search (not the plain soonest-first list): the day's starts are looked up for each row. */
export const isSearch = (f: EarliestFilter) => Boolean(f.date || f.time || (f.partySize ?? 1) > 1);

/**
 * The stored item with the business's rating (and the distance when asked near a point), spliced into
 * its text: `},"service":` occurs once in an item (a quote inside a JSON string is escaped), so the
 * text is never parsed. A search's item says the first of its `times` as its date and time (the keys
 * `"date":"` and `"time":"` likewise occur once). Costs a few string operations for each of the page's rows.
 */
function itemWithBusiness(f: EarliestFilter): SQL {
  // a service with nothing stored has no item: made as the stored ones are (que_earliest_item)
  const stored = isSearch(f) ? sql`coalesce(c.item, que_earliest_item(c.service_id, c.search_day, t.times[1]))` : sql`c.item`;
  let item = sql`replace(${stored}, '},"service":', ',"ratingAverage":' || coalesce(c.rating_average::text, 'null') || ',"ratingCount":' || c.rating_count || '},"service":')`;
  if (isSearch(f)) item = sql`regexp_replace(${item}, ',"date":"[^"]*","time":"[^"]*"', ',"date":"' || to_char(c.search_day, 'YYYY-MM-DD') || '","time":"' || t.times[1] || '"')`;
  item = sql`left(${item}, -1) || ',"times":' || array_to_json(t.times)::text`;
  if (!f.near) return sql`${item} || '}'`;
  const km = sql`round((earth_distance(ll_to_earth(${f.near.lat}::float8, ${f.near.lng}::float8), ll_to_earth(c.latitude, c.longitude)) / 1000)::numeric, 1)`;
  return sql`${item} || ',"distanceKm":' || ${km} || '}'`;
}

/**
 * Can a service with nothing free in its coming week (its today and the six days after) be free on
 * the date asked? Only on a date after some business's week: the furthest-behind zone's today is no
 * earlier than the UTC date twelve hours ago (UTC-12), so before that day plus seven, none can.
 */
export function pastStoredWeek(date: string | undefined, now: string): boolean {
  if (!date) return false;
  const earliestToday = new Date(Date.parse(now) - 12 * 3_600_000).toISOString().slice(0, 10);
  return date >= addDays(earliestToday, 7);
}

/**
 * The listed rows the page may use, in key order, after the cursor (limit: at most this many): the
 * stored rows in earliest_free_starts_listing_idx order, then, on a date past the stored week, the
 * services with nothing stored, in earliest_free_starts_none_this_week_idx order (business, service).
 * Each part is an index range with its own limit, joined by UNION ALL, whose Append reads the first
 * part to its end before the second: the rows come in key order with no sort (a sort would make
 * every row be read, and a search look each one up, before the first is returned).
 */
function candidates(f: EarliestFilter, after: EarliestKey | undefined, now: string, limit: number, columns: SQL): SQL {
  const common: SQL[] = discoveryConditions(f);
  // Party size, cuisine and price are restaurants' alone: said of the row too, so the page is read
  // from earliest_free_starts_restaurant_listing_idx instead of past every service business's rows.
  if (f.type === 'restaurant' || f.partySize !== undefined || f.cuisine || f.priceRange) common.push(sql`c.restaurant`);
  const from = sql`from earliest_free_starts c join businesses b on b.id = c.business_id`;
  const where: SQL[] = [sql`c.item is not null`, ...common];
  // A service free that day has its soonest free start on it or before it (the listing index's range).
  if (f.date) where.push(sql`c.start_local < ${f.date}::date + 1`);
  else if (f.time) where.push(sql`c.day <= (${now}::timestamptz at time zone b.time_zone)::date`);
  if (after?.[0]) where.push(sql`(c.start_local, c.business_id, c.service_id) > (${after[0]}::timestamp, ${after[1]}::int, ${after[2]}::int)`);
  const storedRows = sql`select ${columns} ${from} where ${sql.join(where, sql` and `)} order by c.start_local, c.business_id, c.service_id limit ${limit}`;
  if (!pastStoredWeek(f.date, now)) return storedRows;
  // After a key of the second part (no stored start) the first part is done.
  const noneWhere: SQL[] = [sql`c.day is null`, ...common];
  if (after && after[0] === null) noneWhere.push(sql`(c.business_id, c.service_id) > (${after[1]}::int, ${after[2]}::int)`);
  // Its business looked up row by row (OFFSET 0 keeps the lateral from being flattened into a join
  // the planner may answer with a scan of every business, though the page reads a few rows of it).
  const noneFrom = sql`from earliest_free_starts c cross join lateral (select * from businesses where id = c.business_id offset 0) b`;
  const noneRows = sql`select ${columns} ${noneFrom} where ${sql.join(noneWhere, sql` and `)} order by c.business_id, c.service_id limit ${limit}`;
  return after && after[0] === null
    ? noneRows
    : sql`select * from ((${storedRows}) union all (${noneRows})) c limit ${limit}`;
}

/** The day searched: the date asked, else (a time alone) each business's today, else (a party alone) the row's soonest day. */
function searchDay(f: EarliestFilter, now: string): SQL {
  if (f.date) return sql`${f.date}::date`;
  if (f.time) return sql`(${now}::timestamptz at time zone b.time_zone)::date`;
  return sql`c.day`;
}

const keyColumns = sql`to_char(c.start_local, 'YYYY-MM-DD"T"HH24:MI:SS') as start, c.business_id, c.service_id`;
const toRows = (result: unknown): EarliestRow[] =>
  (result as { rows: { item: string; start: string; business_id: number; service_id: number }[] }).rows.map((r) => ({
    item: r.item,
    key: [r.start, Number(r.business_id), Number(r.service_id)] as EarliestKey,
  }));

/**
 * Up to limit + 1 items (the extra one only says another page exists). A search looks at no more than
 * `scan` listed rows (RULES.availabilitySearchScanPerPage); `scanEnd` is the last row it looked at when that
 * many were looked at (the next page goes on after it), else null.
 */
export async function selectEarliestPage(
  db: Db, f: EarliestFilter, after: EarliestKey | undefined, limit: number, now: string, horizonDays: number, scan: number,
): Promise<{ rows: EarliestRow[]; scanEnd: EarliestKey | null }> {
  const n = limit + 1;
  const rowColumns = sql`c.item, c.start_local, c.business_id, c.service_id, c.day, c.starts, b.rating_average, b.rating_count, b.latitude, b.longitude`;
  if (!isSearch(f)) {
    const result = await db.execute(sql`
      select ${itemWithBusiness(f)} as item, ${keyColumns}
      from (${candidates(f, after, now, n, rowColumns)}) c
      cross join lateral (select c.starts[1:${RULES.availabilitySearchTimes}] as times) t
      order by c.start_local, c.business_id, c.service_id`);
    return { rows: toRows(result), scanEnd: null };
  }
  // In key order as the candidates come (the two parts' Append keeps it; an ORDER BY over the union
  // would sort, looking up every row first); one part alone is said to be in order, and is.
  const order = pastStoredWeek(f.date, now) ? sql`` : sql`order by c.start_local, c.business_id, c.service_id`;
  // The lookup runs once for each row as the outer limit pulls it (a function in FROM: as a column of
  // a lateral subquery it would be inlined and run twice, in the filter and the item; no sort between:
  // the rows come in key order), so a page whose first rows are free costs those rows alone.
  const result = await db.execute(sql`
    select ${itemWithBusiness(f)} as item, ${keyColumns}
    from (${candidates(f, after, now, scan, sql`${rowColumns}, ${searchDay(f, now)} as search_day`)}) c
    cross join lateral que_free_starts_from(c.business_id, c.service_id, c.search_day, ${f.time ?? null}::text, ${f.partySize ?? null}::int,
      ${horizonDays}::int, ${now}::timestamptz, c.day, c.starts, ${RULES.availabilitySearchTimes}::int) t(times)
    where cardinality(t.times) > 0
    ${order}
    limit ${n}`);
  const rows = toRows(result);
  if (rows.length === n) return { rows, scanEnd: null };
  // Fewer than a page found: was the scan cut short? Its last row (the scan's end), through the index again.
  const last = toRows(await db.execute(sql`select null as item, ${keyColumns}
    from (${candidates(f, after, now, scan, sql`c.start_local, c.business_id, c.service_id`)}) c offset ${scan - 1} limit 1`));
  return { rows, scanEnd: last[0]?.key ?? null };
}
