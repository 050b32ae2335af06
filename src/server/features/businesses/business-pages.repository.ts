import { asc, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { businesses } from '../../db/schema.js';

/** What a sitemap says of a business: where its page is (by type) and when it last changed. */
export interface BusinessPageEntry {
  id: number;
  businessType: 'service' | 'restaurant';
  lastModified: Date;
}

// Businesses carry no updated_at, so a page's lastmod is when its business was created: true for the
// page's address, earlier than the latest edit of its text. An updated_at kept by the row's writes
// would make it exact.

/**
 * Up to `limit` businesses from id `fromId` on, in id order: one range scan of the primary key, the
 * same plan for the first page and the last however many businesses there are.
 */
export async function selectBusinessPages(db: Db, fromId: number, limit: number): Promise<BusinessPageEntry[]> {
  const rows = await db
    .select({ id: businesses.id, businessType: businesses.businessType, lastModified: businesses.createdAt })
    .from(businesses)
    .where(gte(businesses.id, fromId))
    .orderBy(asc(businesses.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, businessType: row.businessType === 'restaurant' ? 'restaurant' : 'service', lastModified: new Date(row.lastModified) }));
}

/**
 * Where each run of `perPage` businesses in id order starts, and its newest change: what a sitemap
 * index lists, one entry per page. One pass over the rows in the database, returning a row per page
 * (2 for 100,000 businesses at 50,000 a page), never the businesses themselves.
 */
export async function selectBusinessPageStarts(db: Db, perPage: number): Promise<{ firstId: number; lastModified: Date }[]> {
  const result = (await db.execute(sql`
    select min(id) as first_id, max(created_at) as last_modified
    from (select id, created_at, (row_number() over (order by id) - 1) / ${perPage} as page from ${businesses}) numbered
    group by page order by page`)) as unknown as { rows: { first_id: number | string; last_modified: string | Date }[] };
  return result.rows.map((row) => ({ firstId: Number(row.first_id), lastModified: new Date(row.last_modified) }));
}
