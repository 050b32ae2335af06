import type { Db } from '../../db/client.js';
import { type BusinessPageEntry, selectBusinessPages, selectBusinessPageStarts } from './business-pages.repository.js';

export type { BusinessPageEntry };

/** Every business's public page, a page of the list at a time (the sitemap reads these). */
export function listBusinessPages(db: Db, fromId: number, limit: number): Promise<BusinessPageEntry[]> {
  return selectBusinessPages(db, fromId, limit);
}

/** The first id of each run of `perPage` businesses in id order (a sitemap index's entries). */
export function businessPageStarts(db: Db, perPage: number): Promise<number[]> {
  return selectBusinessPageStarts(db, perPage);
}
