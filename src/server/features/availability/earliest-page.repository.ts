import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type DiscoveryFilter, discoveryConditions } from '../businesses/index.js';

// A page of GET /api/earliest-appointments (DESIGN section 10, decision 0024): the stored items in
// earliest_free_starts_listing_idx order (start_local, business_id, service_id), after the cursor,
// narrowed by the discovery filters, a day and a time. The items stay the database's JSON text.

export interface EarliestFilter extends DiscoveryFilter {
  date?: string;
  time?: string;
}

/** Where the previous page ended: its last item's start (YYYY-MM-DDTHH:MM:SS), business and service. */
export type EarliestKey = [string, number, number];

/**
 * The stored item with the business's rating (and the distance when asked near a point), spliced into
 * its text: `},"service":` occurs once in an item (a quote inside a JSON string is escaped), so the
 * text is never parsed. Costs a few string operations for each of the page's rows.
 */
function itemWithBusiness(f: EarliestFilter): SQL {
  const rated = sql`replace(c.item, '},"service":', ',"ratingAverage":' || coalesce(b.rating_average::text, 'null') || ',"ratingCount":' || b.rating_count || '},"service":')`;
  if (!f.near) return rated;
  const km = sql`round((earth_distance(ll_to_earth(${f.near.lat}::float8, ${f.near.lng}::float8), ll_to_earth(b.latitude, b.longitude)) / 1000)::numeric, 1)`;
  return sql`left(${rated}, -1) || ',"distanceKm":' || ${km} || '}'`;
}

export async function selectEarliestPage(db: Db, f: EarliestFilter, after: EarliestKey | undefined, limit: number) {
  const where: SQL[] = [sql`c.item is not null`, ...discoveryConditions(f)];
  // Party size, cuisine and price are restaurants' alone: said of the row too, so the page is read
  // from earliest_free_starts_restaurant_listing_idx instead of past every service business's rows.
  if (f.type === 'restaurant' || f.partySize !== undefined || f.cuisine || f.priceRange) where.push(sql`c.restaurant`);
  if (f.date) {
    const from = f.time ? sql`(${f.date}::date + ${f.time}::time)` : sql`${f.date}::date::timestamp`;
    where.push(sql`c.start_local >= ${from} and c.start_local < ${f.date}::date + 1`);
  } else if (f.time) {
    where.push(sql`c.start_local::time >= ${f.time}::time`);
  }
  if (after) where.push(sql`(c.start_local, c.business_id, c.service_id) > (${after[0]}::timestamp, ${after[1]}::int, ${after[2]}::int)`);
  const result = await db.execute(sql`
    select ${itemWithBusiness(f)} as item, to_char(c.start_local, 'YYYY-MM-DD"T"HH24:MI:SS') as start, c.business_id, c.service_id
    from earliest_free_starts c join businesses b on b.id = c.business_id
    where ${sql.join(where, sql` and `)}
    order by c.start_local, c.business_id, c.service_id
    limit ${limit + 1}`);
  return (result as unknown as { rows: { item: string; start: string; business_id: number; service_id: number }[] }).rows.map((r) => ({
    item: r.item,
    key: [r.start, Number(r.business_id), Number(r.service_id)] as EarliestKey,
  }));
}
