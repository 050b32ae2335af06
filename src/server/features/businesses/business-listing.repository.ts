import { sql, type SQL } from 'drizzle-orm';
import type { Business, BusinessSort } from '../../../contract/businesses.js';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { type BusinessRow, toBusiness } from './businesses.repository.js';

// GET /api/businesses (DESIGN section 10; decision 0024): one statement per page, keyset paging for
// every sort (no OFFSET: a page costs the same on page 1 and page 4,000), and every filter an
// indexed condition. The sort keys are selected beside the row; the last row's key is the cursor.

export interface DiscoveryFilter {
  type?: string;
  q?: string;
  category?: string;
  cuisine?: string;
  priceRange?: string;
  partySize?: number;
  near?: { lat: number; lng: number };
  radiusKm?: number;
}

export interface ListingFilter extends DiscoveryFilter {
  openNow?: boolean;
  availableOn?: string;
  skipTimeZones: string[];
  /** How many days ahead a restaurant takes reservations (config), as the slot function reads it. */
  horizonDays: number;
}

/** Where the previous page ended, per sort: the key's values in its order, the id last. */
export type ListingKey = (string | number)[];

/** Below this word similarity a typed word does not match a word ("dentsit" ~ "dentist" is 0.5). */
export const SEARCH_THRESHOLD = 0.4;
/** The most similar vocabulary words each typed word stands for, and how many typed words count (the longest): que_search_hits. */
const WORDS_PER_QUERY_WORD = 20;
const QUERY_WORDS = 6;

const hits = (q: string) => sql`que_search_hits(${q}, ${WORDS_PER_QUERY_WORD}::int, ${QUERY_WORDS}::int)`;
const point = (near: { lat: number; lng: number }) => sql`ll_to_earth(${near.lat}::float8, ${near.lng}::float8)`;
const place = sql`ll_to_earth(b.latitude, b.longitude)`;

/**
 * What the page shows: the business view, the fields as the contract names them. The per-row
 * lookups are scalar subqueries with LIMIT 1, not EXISTS: PostgreSQL may turn an EXISTS into a
 * hashed subplan that reads all of business_hours and restaurant_time_slots (tens of milliseconds at
 * 20,000 businesses) to answer a page of 24; a scalar subquery stays one index probe per row.
 */
const any = (query: SQL) => sql`coalesce((${query} limit 1), false)`;
const openToday = sql`case when b.business_type = 'restaurant'
  then ${any(sql`select true from restaurant_time_slots ts where ts.business_id = b.id and ts.is_active
    and ts.day_of_week = extract(dow from (now() at time zone b.time_zone))::int`)}
  else ${any(sql`select true from business_hours bh where bh.business_id = b.id
    and bh.day_of_week = extract(dow from (now() at time zone b.time_zone))::int`)} end`;
const columns = sql`b.id, b.owner_id as "ownerId", b.business_name as "businessName", b.category, b.business_type as "businessType",
  b.description, b.address, b.phone, b.email, b.website, b.operating_hours as "operatingHours", b.cuisine_type as "cuisineType",
  b.price_range as "priceRange", b.max_party_size as "maxPartySize", b.reservation_duration as "reservationDuration",
  b.seating_capacity as "seatingCapacity", b.time_zone as "timeZone", ${openToday} as "openToday", b.policies,
  b.created_at as "createdAt", b.latitude, b.longitude, b.rating_average as "ratingAverage", b.rating_count as "ratingCount", b.listed`;

/** Open at this moment on the business's own clock: its hours (service) or an active time slot (restaurant). */
const openNow = (now: string) => {
  const local = sql`(${now}::timestamptz at time zone b.time_zone)`;
  return sql`case when b.business_type = 'restaurant'
    then ${any(sql`select true from restaurant_time_slots ts where ts.business_id = b.id and ts.is_active
      and ts.day_of_week = extract(dow from ${local})::int and ${local}::time >= ts.start_time and ${local}::time < ts.end_time`)}
    else ${any(sql`select true from business_hours bh where bh.business_id = b.id
      and bh.day_of_week = extract(dow from ${local})::int and ${local}::time >= bh.open_time and ${local}::time < bh.close_time`)} end`;
};

/**
 * Has a free start on `day` (business `id` in zone `zone`): a live service whose stored earliest day
 * is that day; else, only for a service whose earliest day is before it (or beyond the stored week),
 * the slot function for that one candidate. It filters the rows a page looked at (selectListingPage),
 * so it runs for at most RULES.availabilitySearchScanPerPage businesses a page, never for all.
 */
const availableOn = (day: string, now: string, horizonDays: number, id: SQL, zone: SQL) => sql`(
  exists (select 1 from earliest_free_starts e where e.business_id = ${id} and e.item is not null and e.day = ${day}::date)
  or exists (select 1 from earliest_free_starts e
    where e.business_id = ${id} and e.item is not null and e.day < ${day}::date
      and cardinality((que_day_slots(${id}, ${day}::date, e.service_id, null, null, ${horizonDays}::int, ${now}::timestamptz, true, null)).slots) > 0)
  or (${day}::date >= (${now}::timestamptz at time zone ${zone})::date + 7 and exists (select 1 from services s
    where s.business_id = ${id} and s.deleted_at is null
      and cardinality((que_day_slots(${id}, ${day}::date, s.id, null, null, ${horizonDays}::int, ${now}::timestamptz, true, null)).slots) > 0)))`;

/** The filters GET /api/businesses and GET /api/earliest-appointments share, over `businesses b`. */
export function discoveryConditions(f: DiscoveryFilter): SQL[] {
  // only businesses with something to book (kept by features/services/sql/business-listed.sql); every
  // listing index holds listed rows only, so this is each index's own predicate, not a filter after it
  const where: SQL[] = [sql`b.listed`];
  if (f.type) where.push(sql`b.business_type = ${f.type}`);
  if (f.category) where.push(sql`b.category = ${f.category}`);
  if (f.cuisine) where.push(sql`b.cuisine_type = ${f.cuisine}`);
  if (f.priceRange) where.push(sql`b.price_range = ${f.priceRange}`);
  // only restaurants have a max party size (services' is null): said as the type too, so a page by
  // name reads restaurants only (businesses_type_name_idx), not every business in name order
  if (f.partySize !== undefined) where.push(sql`b.business_type = 'restaurant' and b.max_party_size >= ${f.partySize}`);
  // every typed word found, forgiving typos (que_search_hits; its threshold is set for the transaction)
  if (f.q) where.push(sql`b.id in (select h.business_id from ${hits(f.q)} h)`);
  if (f.near) {
    const metres = (f.radiusKm ?? RULES.nearRadiusDefaultKm) * 1000;
    // the box is the GiST index's condition; the exact distance cuts its corners off
    where.push(sql`b.latitude is not null and earth_box(${point(f.near)}, ${metres}::float8) @> ${place} and earth_distance(${point(f.near)}, ${place}) <= ${metres}::float8`);
  }
  return where;
}

function filters(f: ListingFilter, now: string): SQL[] {
  const where = discoveryConditions(f);
  if (f.skipTimeZones.length) where.push(sql`b.time_zone <> all(array[${sql.join(f.skipTimeZones.map((zone) => sql`${zone}`), sql`, `)}]::text[])`);
  if (f.openNow) where.push(openNow(now));
  return where;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

export type ListingRow = Business & { key: ListingKey };

/**
 * One page (limit + 1 rows: the extra one only says another page exists) in the sort's order. With
 * `availableOn` the page looks at no more than `scan` businesses of the sort's order
 * (RULES.availabilitySearchScanPerPage, as quick booking's search): the slot function is not an index,
 * so a day few are free on would otherwise walk the whole directory to fill a page. When that many
 * gave less than a page, `scanEnd` is the last one looked at (the next page goes on after it).
 */
export async function selectListingPage(
  db: Db, sort: BusinessSort, f: ListingFilter, after: ListingKey | undefined, limit: number, now: string, scan: number = RULES.availabilitySearchScanPerPage,
): Promise<{ rows: ListingRow[]; scanEnd: ListingKey | null }> {
  // sorted by relevance, the matches are the statement's source (joined with their scores), not a filter
  const where = filters(sort === 'relevance' ? { ...f, q: undefined } : f, now);
  const n = f.availableOn ? scan : limit + 1;
  const distance = f.near ? sql`earth_distance(${point(f.near)}, ${place})` : sql`null::float8`;
  const select = (keys: SQL, extraWhere: SQL[], order: SQL, from: SQL = sql`businesses b`) =>
    sql`select ${columns}, ${distance} as "distanceM", ${keys} from ${from} where ${and([...where, ...extraWhere])} order by ${order} limit ${n}`;
  let statement: SQL;
  switch (sort) {
    case 'name': {
      const cut = after ? [sql`(b.business_name, b.id) > (${after[0]}::text, ${after[1]}::int)`] : [];
      statement = select(sql`b.business_name as k1`, cut, sql`b.business_name, b.id`);
      break;
    }
    case 'rating': {
      // (rating desc, count desc, id asc): the index's order; a row comparison cannot mix directions,
      // so after a cursor the rest of its tie (rating and count equal, id after) comes first, then the
      // rows below it; both halves are index ranges.
      const rating = sql`coalesce(b.rating_average, -1)`;
      const keys = sql`${rating}::text as k1, b.rating_count as k2`;
      const order = sql`${rating} desc, b.rating_count desc, b.id`;
      statement = after
        ? sql`select * from ((${select(keys, [sql`${rating} = ${after[0]}::numeric and b.rating_count = ${after[1]}::int and b.id > ${after[2]}::int`], sql`b.id`)})
            union all (${select(keys, [sql`(${rating}, b.rating_count) < (${after[0]}::numeric, ${after[1]}::int)`], order)})) u
            order by k1::numeric desc, k2 desc, id limit ${n}`
        : select(keys, [], order);
      break;
    }
    case 'distance': {
      const cut = after ? [sql`(${distance}, b.id) > (${after[0]}::float8, ${after[1]}::int)`] : [];
      statement = select(sql`${distance} as k1`, cut, sql`${distance}, b.id`);
      break;
    }
    case 'relevance': {
      // The matches with their scores, in the page's order before businesses are joined, so the page
      // reads its own rows of businesses (a join first would look up every match, 4,300 for "dentsit").
      const cut = after ? sql`where h.score < ${after[0]}::real or (h.score = ${after[0]}::real and h.business_id > ${after[1]}::int)` : sql``;
      const matches = sql`(select h.business_id, h.score from ${hits(f.q ?? '')} h ${cut} order by h.score desc, h.business_id) h join businesses b on b.id = h.business_id`;
      statement = select(sql`h.score as k1`, [], sql`h.score desc, b.id`, matches);
      break;
    }
    case 'soonest': {
      // Walks earliest_free_starts_listing_idx soonest first and keeps each business's first row:
      // a business is where its earliest free start is; one with nothing free this week is not listed.
      const cut = after ? sql`and (c.start_local, c.business_id) > (${after[0]}::timestamp, ${after[1]}::int)` : sql``;
      const firsts = sql`(select c.business_id, c.start_local from earliest_free_starts c
        where c.item is not null ${cut}
          and not exists (select 1 from earliest_free_starts d where d.business_id = c.business_id and d.item is not null
            and (d.start_local, d.service_id) < (c.start_local, c.service_id))) f join businesses b on b.id = f.business_id`;
      statement = select(sql`to_char(f.start_local, 'YYYY-MM-DD"T"HH24:MI:SS') as k1`, [], sql`f.start_local, f.business_id`, firsts);
      break;
    }
  }
  if (!f.availableOn) return { rows: toRows(await db.execute(statement), sort, f), scanEnd: null };
  // The businesses looked at, in the sort's order, and of them those free that day: the filter runs
  // above the limit (a condition is not pushed into a subquery with a LIMIT) and keeps the rows'
  // order, with no sort, so it stops at the page's last row.
  const free = availableOn(f.availableOn, now, f.horizonDays, sql`p.id`, sql`p."timeZone"`);
  const rows = toRows(await db.execute(sql`select * from (${statement}) p where ${free} limit ${limit + 1}`), sort, f);
  if (rows.length > limit) return { rows, scanEnd: null };
  const last = toRows(await db.execute(sql`select * from (${statement}) p offset ${scan - 1} limit 1`), sort, f);
  return { rows, scanEnd: last[0]?.key ?? null };
}

function toRows(result: unknown, sort: BusinessSort, f: ListingFilter): ListingRow[] {
  return (result as { rows: Record<string, unknown>[] }).rows.map((row) => {
    const { k1, k2, distanceM, ...rest } = row;
    const business = toBusiness(rest as BusinessRow);
    if (f.near) business.distanceKm = Math.round(Number(distanceM) / 100) / 10;
    const key: ListingKey = sort === 'rating' ? [String(k1), Number(k2), business.id] : sort === 'name' || sort === 'soonest' ? [String(k1), business.id] : [Number(k1), business.id];
    return Object.assign(business, { key });
  });
}

/** Lets `q`'s `<%` match at SEARCH_THRESHOLD for the rest of this transaction. */
export async function setSearchThreshold(tx: Db) {
  await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_THRESHOLD)}, true)`);
}
