import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessSort } from '../../../contract/businesses.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { type EarliestFilter, selectEarliestPage } from '../availability/earliest-page.repository.js';
import { type ListingFilter, type ListingKey, selectListingPage, setSearchThreshold } from './business-listing.repository.js';
import { anyStaleEarliest } from './next-free-times.repository.js';
import { addRestaurant, addService } from './test-fixtures.js';

// Every discovery filter and sort is served by its index (DESIGN section 10): the plan of each page
// query names it. With a handful of rows a sequential scan would be cheaper, so the planner is told
// not to use one (enable_seqscan off), as it would not with a marketplace's rows.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
  await addService(ctx.app, { businessName: 'Bright Smile Dentist', latitude: 40.75, longitude: -73.98 });
  await addRestaurant(ctx.app, ctx.database, { businessName: 'Trattoria Roma' });
  await ctx.app.inject({ method: 'GET', url: '/api/earliest-appointments' });
}, 60_000);
afterAll(() => ctx.close());

/** The plan of the (first) statement `run` sends, without running it. */
async function planOf(run: (db: Db) => Promise<unknown>, search = false): Promise<string> {
  return unitOfWork(ctx.database.db, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (search) await setSearchThreshold(tx);
    let plan = '';
    const explaining = {
      execute: async (statement: SQL) => {
        const result = (await tx.execute(sql`explain (costs off) ${statement}`)) as unknown as { rows: Record<string, string>[] };
        plan ||= result.rows.map((r) => Object.values(r)[0]).join('\n');
        return { rows: [] };
      },
    } as unknown as Db;
    await run(explaining);
    return plan;
  });
}

const NOW = new Date().toISOString();
const base: ListingFilter = { skipTimeZones: [], horizonDays: 365 };
const near = { lat: 40.75, lng: -73.98 };

describe('GET /api/businesses plans', () => {
  it.each<[string, BusinessSort, Partial<ListingFilter>, ListingKey | undefined, string]>([
    ['name', 'name', {}, ['M', 1], 'businesses_name_idx'],
    ['rating, after a cursor', 'rating', {}, ['4.5', 3, 7], 'businesses_rating_idx'],
    ['type', 'name', { type: 'restaurant' }, undefined, 'businesses_type_name_idx'],
    ['category', 'name', { category: 'Fitness' }, undefined, 'businesses_category_name_idx'],
    ['cuisine', 'name', { cuisine: 'Italian' }, undefined, 'businesses_cuisine_name_idx'],
    ['price range', 'name', { priceRange: '$$' }, undefined, 'businesses_price_name_idx'],
    ['party size, by name', 'name', { partySize: 6 }, undefined, 'businesses_type_name_idx'],
    ['q', 'relevance', { q: 'dentsit' }, undefined, 'business_words_pkey'],
    ['q, sorted by name', 'name', { q: 'dentsit' }, undefined, 'search_words_word_trgm_idx'],
    ['near', 'distance', { near, radiusKm: 10 }, undefined, 'businesses_location_idx'],
    ['soonest', 'soonest', {}, ['2026-01-01T09:00:00', 1], 'earliest_free_starts_listing_idx'],
  ])('%s uses its index', async (_name, sort, filter, after, index) => {
    const plan = await planOf((db) => selectListingPage(db, sort, { ...base, ...filter }, after, 24, NOW), filter.q !== undefined);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan on businesses/);
  });

  // availableOn is the slot function, not an index: it filters the businesses a page looked at (a
  // range of the sort's index with a limit), never the index scan itself (a walk of the directory)
  it('availableOn filters above the scan’s limit, not on the name index', async () => {
    const plan = await planOf((db) => selectListingPage(db, 'name', { ...base, availableOn: '2026-01-06' }, undefined, 24, NOW));
    expect(plan).toMatch(/Subquery Scan on p\s+Filter:[\s\S]*->\s+Limit\s+->\s+Index Scan using businesses_name_idx on businesses b\n/);
    // the name index's own lines: no filter (its predicate is listed)
    const lines = plan.slice(plan.indexOf('Index Scan using businesses_name_idx')).split('\n').slice(1);
    const own = lines.slice(0, Math.max(0, lines.findIndex((line) => line.includes('->'))));
    expect(own.filter((line) => /Filter:/.test(line))).toEqual([]);
  });
});

// The earliest page's business filters are the listing's own conditions (plans above); with two rows
// the planner reads businesses by primary key and filters, so only the page's own index is held here.
describe('GET /api/earliest-appointments plans', () => {
  it.each<[string, EarliestFilter, string]>([
    ['no filter', {}, 'earliest_free_starts_listing_idx'],
    ['date and time', { date: '2026-01-05', time: '18:00' }, 'earliest_free_starts_listing_idx'],
    ['date, time and party size', { date: '2026-01-05', time: '18:00', partySize: 2 }, 'earliest_free_starts_restaurant_listing_idx'],
    ['near', { near, radiusKm: 5 }, 'businesses_location_idx'],
  ])('%s uses %s', async (_name, filter, index) => {
    const plan = await planOf((db) => selectEarliestPage(db, filter, ['2026-01-01T09:00:00', 1, 1], 24, NOW, 14, 400), filter.q !== undefined);
    expect(plan).toContain(index);
  });

  // a later date: the stored rows, then the services with nothing stored, each an index range, no sort
  it.each<[string, EarliestFilter, string[]]>([
    ['a later date', { date: '2099-01-05', time: '18:00' }, ['earliest_free_starts_listing_idx', 'earliest_free_starts_none_this_week_idx']],
    ['a later date and a party', { date: '2099-01-05', time: '18:00', partySize: 2 }, ['earliest_free_starts_restaurant_listing_idx', 'earliest_free_starts_restaurant_none_this_week_idx']],
  ])('%s reads %s', async (_name, filter, indexes) => {
    const plan = await planOf((db) => selectEarliestPage(db, filter, ['2026-01-01T09:00:00', 1, 1], 24, NOW, 365, 400));
    for (const index of indexes) expect(plan).toContain(index);
    // nothing sorts the two parts' rows together (each part may sort its own handful of test rows)
    expect(plan.slice(0, plan.indexOf('Append'))).not.toMatch(/Sort/);
    expect(plan).not.toMatch(/Seq Scan on earliest_free_starts/);
  });
});

// Issue 27: a reader first asks whether anything is stale. Each part is an ordered read of an index's
// end (which marks the dead entries it passes), never a bitmap (which does not: 54,000 dead entries
// and their heap pages were read again on every availability-search page at 100,000 businesses).
describe('the stale free-time check before a page', () => {
  it('reads the ends of earliest_free_starts_fresh_until_idx and _computed_for_idx in order', async () => {
    const plan = await planOf((db) => anyStaleEarliest(db, NOW).catch(() => false));
    expect(plan).toMatch(/Index Only Scan using earliest_free_starts_fresh_until_idx/);
    expect(plan).toMatch(/Index Only Scan Backward using earliest_free_starts_fresh_until_idx/);
    expect(plan).toMatch(/Index Only Scan Backward using earliest_free_starts_computed_for_idx/);
    expect(plan).not.toMatch(/Bitmap|Seq Scan/);
  });
});
