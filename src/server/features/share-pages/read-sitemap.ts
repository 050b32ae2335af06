import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { businessPageStarts, listBusinessPages } from '../businesses/index.js';
import { sitemapIndexXml, urlsetXml } from './sitemap.js';

/**
 * /sitemap.xml: every business page in one file while they fit, else an index of files. Asking for one
 * more than a file holds tells which, without counting every business.
 */
export async function readSitemap(db: Db, baseUrl: string, perFile: number): Promise<string> {
  const first = await listBusinessPages(db, 1, perFile + 1);
  if (first.length <= perFile) return urlsetXml(baseUrl, first);
  return sitemapIndexXml(baseUrl, await businessPageStarts(db, perFile));
}

/** /sitemap-{firstId}.xml: up to `perFile` business pages from that id on, one range scan of the key. */
export async function readSitemapFile(db: Db, baseUrl: string, firstId: number, perFile: number): Promise<string> {
  const entries = await listBusinessPages(db, firstId, perFile);
  if (entries.length === 0) throw notFound('Sitemap file');
  return urlsetXml(baseUrl, entries);
}
