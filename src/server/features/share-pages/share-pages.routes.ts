import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.js';
import { FIRST_PAGE_REQUESTS, FIRST_PAGE_SCREENS } from '../../../contract/first-pages.js';
import { type BuildManifest, withFirstPagePreloads } from './first-page-preloads.js';
import { readSitemap, readSitemapFile } from './read-sitemap.js';
import { showBusinessPage } from './show-business-page.js';
import { robotsTxt, SITEMAP_URLS_PER_FILE } from './sitemap.js';

export interface SharePagesOptions {
  /** The built web app's index.html; without it (API only) there are no pages to write tags into. */
  indexHtml?: string | null;
  /** The build's .vite/manifest.json: which scripts the first pages' screens run. */
  manifest?: BuildManifest | null;
  /** URLs per sitemap file: the protocol's 50,000 unless a test needs an index with a few businesses. */
  sitemapUrlsPerFile?: number;
}

const MAX_ID = 2_147_483_647;
const XML = 'application/xml; charset=utf-8';
// Crawlers read these now and then; an hour's staleness costs nothing and spares the database.
const CRAWLER_CACHE = 'public, max-age=3600';

/** A path's id as the database can hold it, or null (then there is no such business). */
const idFrom = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null);

/** robots.txt, the sitemap (an index past the per-file limit) and business pages with their own head. */
export async function sharePagesRoutes(app: FastifyInstance, { indexHtml = null, manifest = null, sitemapUrlsPerFile = SITEMAP_URLS_PER_FILE }: SharePagesOptions) {
  // PUBLIC_URL, never the request's Host: these answers are cached for an hour by anyone between,
  // and a Host a client made up would otherwise become the links everyone after it is sent.
  const baseUrl = app.config.PUBLIC_URL;
  const robots = robotsTxt(baseUrl);
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robots),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type(XML).header('cache-control', CRAWLER_CACHE).send(await readSitemap(app.db, baseUrl, sitemapUrlsPerFile)),
  );

  // /sitemap-{first business id}.xml: a file starts at an id, so reading it is one range scan of the
  // primary key (a page number would need OFFSET, reading every business before it).
  app.get<{ Params: { firstId: string } }>('/sitemap-:firstId(^\\d+).xml', async (request, reply) => {
    const firstId = idFrom(request.params.firstId);
    if (firstId === null) throw notFound('Sitemap file');
    const xml = await readSitemapFile(app.db, baseUrl, firstId, sitemapUrlsPerFile);
    return reply.type(XML).header('cache-control', CRAWLER_CACHE).send(xml);
  });

  if (!indexHtml) return;
  for (const path of new Set([...Object.keys(FIRST_PAGE_REQUESTS), ...Object.keys(FIRST_PAGE_SCREENS)])) {
    const plain = withFirstPagePreloads(indexHtml, path, { requests: false, manifest });
    const preloaded = withFirstPagePreloads(indexHtml, path, { requests: true, manifest });
    app.get(path, async (request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(request.url.includes('?') ? plain : preloaded),
    );
  }
  for (const type of ['service', 'restaurant'] as const) {
    app.get<{ Params: { id: string } }>(type === 'restaurant' ? '/restaurant/:id' : '/book/:id', async (request, reply) => {
      const page = await showBusinessPage(app.db, request.log, { indexHtml, type, id: idFrom(request.params.id), baseUrl });
      // No such business: 404, so crawlers drop the address; the page is still the app, whose router says so.
      return reply
        .code(page.found ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.html);
    });
  }
}
