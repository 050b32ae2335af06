import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Business, BusinessSort, ListBusinessesQuery } from '../../../contract/businesses.js';
import { INT4_MAX } from '../../../contract/numbers.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { encodeKey, readCursor } from '../../plugins/paging.js';
import { type ListingFilter, type ListingKey, selectListingPage, setSearchThreshold } from './business-listing.repository.js';
import { refreshEarliest, selectNextFreeTimes } from './next-free-times.repository.js';
import { skippingUnusableTimeZones, type WarnLog } from './unusable-time-zones.js';

// GET /api/businesses (DESIGN section 10, decision 0024): a page of the directory, filtered and
// sorted, each business with its next free times; the cursor names its sort and filters.

const id = z.number().int().positive().max(INT4_MAX);
const keySchemas: Record<BusinessSort, z.ZodType<ListingKey>> = {
  name: z.tuple([z.string().max(200), id]),
  rating: z.tuple([z.string().regex(/^(-1|[0-5]\.\d)$/), z.number().int().min(0).max(INT4_MAX), id]),
  distance: z.tuple([z.number().min(0).max(25_000_000), id]),
  relevance: z.tuple([z.number().min(0).max(1), id]),
  soonest: z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/), id]),
};

/** The filters a page was cut with, as a short fingerprint the cursor carries. */
export function filterPrint(q: { limit: number; cursor?: string; sort?: string }): string {
  const { limit: _l, cursor: _c, sort: _s, ...filters } = q;
  const canonical = JSON.stringify(Object.entries(filters).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 10);
}

export interface ListBusinessesOptions {
  now: Date;
  horizonDays: number;
  log?: WarnLog;
  /** How many businesses an availableOn page may look at (RULES.availabilitySearchScanPerPage; tests use fewer). */
  scan?: number;
}

/** One page of businesses and the next page's cursor (null on the last). */
export async function listBusinesses(db: Db, query: ListBusinessesQuery, options: ListBusinessesOptions): Promise<{ items: Business[]; next: string | null }> {
  const sort: BusinessSort = query.sort ?? (query.q ? 'relevance' : 'name');
  const print = filterPrint(query);
  const list = `businesses/${sort}/${print}`;
  const describe = (name: string) => {
    const [, otherSort, otherPrint] = name.split('/');
    return `sort=${otherSort ?? '?'} with ${otherPrint === print ? 'these' : 'other'} filters`;
  };
  const after = readCursor(list, keySchemas[sort], query.cursor, describe);
  const now = options.now.toISOString();
  const { limit } = query;

  // The order or a filter reads every business's stored earliest starts: all are brought up to now
  // first, statement by statement outside the page's transaction (as quick booking does), so no lock
  // taken by a recompute is held while the page is read.
  const readsAll = sort === 'soonest' || query.availableOn !== undefined;
  if (readsAll) await refreshEarliest(db, now, null);
  return skippingUnusableTimeZones(db, options.log, (skipTimeZones) =>
    unitOfWork(db, async (tx) => {
      const filter: ListingFilter = { ...query, skipTimeZones, horizonDays: options.horizonDays };
      if (query.q) await setSearchThreshold(tx);
      const { rows, scanEnd } = await selectListingPage(tx, sort, filter, after, limit, now, options.scan);
      const items = rows.slice(0, limit);
      const ids = items.map((b) => b.id);
      if (ids.length && !readsAll) await refreshEarliest(tx, now, ids);
      const times = ids.length ? await selectNextFreeTimes(tx, ids) : new Map();
      // an availableOn page that looked at its most businesses without filling goes on after the last it looked at
      const nextKey = rows.length > limit ? items[items.length - 1].key : scanEnd;
      const next = nextKey ? encodeKey(list, nextKey) : null;
      return { items: items.map(({ key: _k, ...business }) => ({ ...business, nextFreeTimes: times.get(business.id) ?? [] })), next };
    }),
  );
}
