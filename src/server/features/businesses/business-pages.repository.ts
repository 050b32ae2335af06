import { and, asc, eq, gte, sql } from 'drizzle-orm';
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

// Only listed businesses (a bookable service) have a page in the sitemap: businesses_listed_id_idx.

/**
 * Up to `limit` businesses from id `fromId` on, in id order: one range scan of the primary key, the
 * same plan for the first page and the last however many businesses there are.
 */
export async function selectBusinessPages(db: Db, fromId: number, limit: number): Promise<BusinessPageEntry[]> {
  const rows = await db
    .select({ id: businesses.id, businessType: businesses.businessType, lastModified: businesses.createdAt })
    .from(businesses)
    .where(and(eq(businesses.listed, true), gte(businesses.id, fromId)))
    .orderBy(asc(businesses.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, businessType: row.businessType === 'restaurant' ? 'restaurant' : 'service', lastModified: new Date(row.lastModified) }));
}

/**
 * The first id of each run of `perPage` businesses in id order: what a sitemap index lists, one entry
 * per file. Each step skips `perPage` entries of the primary key from the last start (an index-only
 * scan: ids, never rows), so 100,000 businesses at 50,000 a file are three short steps, and nothing
 * but the starts comes back.
 */
export async function selectBusinessPageStarts(db: Db, perPage: number): Promise<number[]> {
  const result = (await db.execute(sql`
    with recursive starts(id) as (
      select min(id) from ${businesses} where listed
      union all
      select (select b.id from ${businesses} b where b.listed and b.id >= starts.id order by b.id offset ${perPage} limit 1)
      from starts where starts.id is not null
    )
    select id from starts where id is not null order by id`)) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((row) => Number(row.id));
}
