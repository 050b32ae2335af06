import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { businessPageStarts, getBusiness, listBusinessPages } from '../businesses/index.js';
import { sendNotFound } from '../../errors.js';
import { businessPageHtml } from './business-head.js';
import { robotsTxt, SITEMAP_URLS_PER_FILE, sitemapIndexXml, urlsetXml } from './sitemap.js';

export interface SharePagesOptions {
  /** The built web app's index.html; without it (API only) there are no pages to write tags into. */
  indexHtml?: string | null;
  /** URLs per sitemap file: the protocol's 50,000 unless a test needs an index with a few businesses. */
  sitemapUrlsPerFile?: number;
}

const MAX_ID = 2_147_483_647;
const XML = 'application/xml; charset=utf-8';
// Crawlers read these now and then; an hour's staleness costs nothing and spares the database.
const CRAWLER_CACHE = 'public, max-age=3600';

/** The address the visitor used (X-Forwarded-* behind a trusted proxy): what links in a sitemap and a preview must carry. */
const baseUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host || 'localhost'}`;

const idFrom = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null);

/** robots.txt, the sitemap (an index past the per-file limit) and business pages with their own head. */
export async function sharePagesRoutes(app: FastifyInstance, { indexHtml = null, sitemapUrlsPerFile = SITEMAP_URLS_PER_FILE }: SharePagesOptions) {
  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robotsTxt(baseUrlOf(request))),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    // One more than a file holds tells whether one file is enough, without counting them all.
    const first = await listBusinessPages(app.db, 1, sitemapUrlsPerFile + 1);
    const xml =
      first.length <= sitemapUrlsPerFile
        ? urlsetXml(baseUrlOf(request), first)
        : sitemapIndexXml(baseUrlOf(request), await businessPageStarts(app.db, sitemapUrlsPerFile));
    return reply.type(XML).header('cache-control', CRAWLER_CACHE).send(xml);
  });

  // /sitemap-{first business id}.xml: a file starts at an id, so reading it is one range scan of the
  // primary key (a page number would need OFFSET, reading every business before it).
  app.get<{ Params: { firstId: string } }>('/sitemap-:firstId(^\\d+).xml', async (request, reply) => {
    const firstId = idFrom(request.params.firstId);
    const entries = firstId === null ? [] : await listBusinessPages(app.db, firstId, sitemapUrlsPerFile);
    if (entries.length === 0) return sendNotFound(reply, request.method, request.url);
    return reply.type(XML).header('cache-control', CRAWLER_CACHE).send(urlsetXml(baseUrlOf(request), entries));
  });

  if (!indexHtml) return;
  const page = (type: 'service' | 'restaurant') => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const id = idFrom(request.params.id);
    const business = id === null ? null : await getBusiness(app.db, id).catch(() => null);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // Anything else (no such business, the other kind) is the plain app, whose router shows what it shows.
    if (!business || business.businessType !== type) return reply.send(indexHtml);
    return reply.send(businessPageHtml(indexHtml, business, `${baseUrlOf(request)}/${type === 'restaurant' ? 'restaurant' : 'book'}/${business.id}`));
  };
  app.get('/book/:id', page('service'));
  app.get('/restaurant/:id', page('restaurant'));
}
