import type { BusinessPageEntry } from '../businesses/index.js';
import { businessPagePath } from './business-head.js';
import { escapeXml } from './escape.js';

/** The sitemap protocol's limit of URLs in one file (sitemaps.org); past it, an index of files. */
export const SITEMAP_URLS_PER_FILE = 50_000;

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A <urlset> of business pages, one line each (50,000 lines is about 5 MB before compression). */
export function urlsetXml(baseUrl: string, entries: readonly BusinessPageEntry[]): string {
  const urls = entries.map(
    (entry) => `<url><loc>${escapeXml(baseUrl + businessPagePath(entry))}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></url>`,
  );
  return `${HEADER}<urlset xmlns="${NS}">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}

/** The path of the sitemap file whose businesses start at id `firstId` (keyset, not a page number). */
export const sitemapFilePath = (firstId: number) => `/sitemap-${firstId}.xml`;

/**
 * A <sitemapindex> naming each file of up to SITEMAP_URLS_PER_FILE business pages. No lastmod per
 * file (optional in the protocol): it would read every business's row; each URL inside has its own.
 */
export function sitemapIndexXml(baseUrl: string, firstIds: readonly number[]): string {
  const items = firstIds.map((firstId) => `<sitemap><loc>${escapeXml(baseUrl + sitemapFilePath(firstId))}</loc></sitemap>`);
  return `${HEADER}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Crawlers may read business pages and the rest of the app, never the API; the sitemap says where to start. */
export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /book/', 'Allow: /restaurant/', 'Disallow: /api/', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}
