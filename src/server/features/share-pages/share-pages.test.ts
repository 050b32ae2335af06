import type { FastifyInstance } from 'fastify';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurant, serviceBusiness } from '../appointments/test-fixtures.js';
import { createTestDatabase, queryRows } from '../../test/test-app.js';
import { buildWebApp, decodedBody, makeWebFixture, type WebFixture } from '../../test/web-fixture.js';
import type { Database } from '../../db/client.js';
import { urlsetXml } from './sitemap.js';

// DESIGN section 10, "Pages people share and search engines read": business pages with their own
// head, the sitemap (an index past the per-file limit) and robots.txt, through the real app.

// Links carry PUBLIC_URL; every request names another host, as anyone may (and a proxy passes on).
const BASE = 'https://que.example';
const HOST = 'evil.example';
const FORWARDED = { 'x-forwarded-host': 'forwarded.example', 'x-forwarded-proto': 'http' };
const PUBLIC = { PUBLIC_URL: BASE, TRUST_PROXY: 1 } as const;
const NASTY = `Tom's "Best" </script><script>alert(1)</script> & Co <!-- $& $1`;

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
/** The same app and database with two URLs a sitemap file, so a handful of businesses make an index. */
let smallFiles: FastifyInstance;
let web: WebFixture;
const window = new Window();
let shop: number;
let bistro: number;
let plainShop: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  web = makeWebFixture();
  app = await buildWebApp(database, web.dir, { config: PUBLIC });
  smallFiles = await buildWebApp(database, web.dir, { sitemapUrlsPerFile: 2, config: PUBLIC });
  shop = (await serviceBusiness(app, {}, { businessName: 'Shop' })).businessId;
  bistro = (await restaurant(app, { businessName: 'Chez "Nous" & </title>' })).businessId;
  plainShop = (await serviceBusiness(app)).businessId;
  await restaurant(app);
  await serviceBusiness(app);
  // What an owner could have typed, and a rating from reviews, written straight to the row: the page
  // must show whatever the row holds, escaped.
  await queryRows(
    database,
    `update businesses set business_name = $q$${NASTY}$q$, description = $q$Cuts & colour. <b>Walk-ins</b> "welcome"$q$,
       address = '12 Main St, Springfield', phone = '+12125550100', latitude = 40.7, longitude = -74.0,
       rating_count = 3, rating_total = 13, rating_average = 4.3 where id = ${shop}`,
  );
});
afterAll(async () => {
  await app.close();
  await smallFiles.close();
  await drop();
  web.remove();
  await window.happyDOM.close();
});

const get = (url: string, on = app, headers: Record<string, string> = {}) => on.inject({ method: 'GET', url, headers: { host: HOST, ...FORWARDED, ...headers } });
/** Whether a host a request named got into what was written. */
const spoofed = (text: string) => /evil\.example|forwarded\.example|other\.example|localhost/.test(text);
const parseHtml = (html: string) => new window.DOMParser().parseFromString(html, 'text/html');
function parseXml(xml: string) {
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, xml.slice(0, 500)).toBe(0);
  return doc;
}
const meta = (doc: ReturnType<typeof parseHtml>, key: string) =>
  [...doc.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((m) => m.getAttribute('content'));
const jsonLd = (doc: ReturnType<typeof parseHtml>) => [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ''));

describe('a shared business page', () => {
  it('carries the service business’s own title, description, Open Graph, Twitter card, canonical link and JSON-LD, all escaped', async () => {
    const res = await get(`/book/${shop}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Nothing the name holds becomes markup: one title, one description, the fixture's one script and the JSON-LD block.
    expect(res.body).not.toContain('<script>alert(1)');
    const doc = parseHtml(res.body);
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.title).toBe(`${NASTY} — Book on Que`);
    const description = 'Cuts & colour. <b>Walk-ins</b> "welcome"';
    expect(meta(doc, 'description')).toEqual([description]);
    expect(meta(doc, 'og:title')).toEqual([`${NASTY} — Book on Que`]);
    expect(meta(doc, 'og:description')).toEqual([description]);
    expect(meta(doc, 'og:url')).toEqual([`${BASE}/book/${shop}`]);
    expect(meta(doc, 'og:type')).toEqual(['website']);
    expect(meta(doc, 'og:site_name')).toEqual(['Que']);
    expect(meta(doc, 'twitter:card')).toEqual(['summary']);
    expect(meta(doc, 'twitter:title')).toEqual([`${NASTY} — Book on Que`]);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${BASE}/book/${shop}`);
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    expect(jsonLd(doc)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        '@id': `${BASE}/book/${shop}`,
        name: NASTY,
        url: `${BASE}/book/${shop}`,
        description,
        address: { '@type': 'PostalAddress', streetAddress: '12 Main St, Springfield' },
        telephone: '+12125550100',
        geo: { '@type': 'GeoCoordinates', latitude: 40.7, longitude: -74 },
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 },
      },
    ]);
    // The web app still starts from it.
    expect(doc.querySelector('#root')).not.toBeNull();
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe(web.script);
  });

  it('describes a restaurant as a Restaurant with its cuisine and price range, and no rating before any review', async () => {
    const doc = parseHtml((await get(`/restaurant/${bistro}`)).body);
    expect(doc.title).toBe('Chez "Nous" & </title> — Book on Que');
    expect(meta(doc, 'description')[0]).toBe('Reserve a table at Chez "Nous" & </title>, Italian, on Que.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${BASE}/restaurant/${bistro}`);
    const [ld] = jsonLd(doc);
    expect(ld).toMatchObject({ '@type': 'Restaurant', name: 'Chez "Nous" & </title>', servesCuisine: 'Italian', priceRange: '$$', url: `${BASE}/restaurant/${bistro}` });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('links to PUBLIC_URL, never to the host a request names', async () => {
    for (const headers of [{}, { host: 'other.example:8080' }, { host: 'other.example', 'x-forwarded-host': 'other.example' }] as Record<string, string>[]) {
      const res = await get(`/book/${plainShop}`, app, headers);
      const doc = parseHtml(res.body);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${BASE}/book/${plainShop}`);
      expect(meta(doc, 'og:url')).toEqual([`${BASE}/book/${plainShop}`]);
      expect(jsonLd(doc)[0]).toMatchObject({ '@id': `${BASE}/book/${plainShop}`, url: `${BASE}/book/${plainShop}` });
      expect(spoofed(res.body), res.body).toBe(false);
    }
  });

  it('answers 404 with the plain web app for an id no business has', async () => {
    const plainTitle = 'Que – Book, reserve, skip the line';
    for (const url of ['/book/999999', '/restaurant/999999', '/restaurant/0', '/book/abc', '/restaurant/abc', '/book/99999999999', '/book/-1', '/book/1.5']) {
      const res = await get(url, app, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      const doc = parseHtml(decodedBody(res));
      expect(doc.title, url).toBe(plainTitle);
      expect(meta(doc, 'og:url'), url).toEqual([]);
      expect(doc.querySelector('link[rel="canonical"]'), url).toBeNull();
      expect(jsonLd(doc), url).toEqual([]);
      // the app's router still draws its "not found" screen
      expect(doc.querySelector('#root'), url).not.toBeNull();
    }
    expect((await app.inject({ method: 'HEAD', url: '/book/999999' })).statusCode).toBe(404);
  });

  it('is the plain web app for a business of the other kind (its page links to the right one), or a path past the id', async () => {
    const plainTitle = 'Que – Book, reserve, skip the line';
    for (const url of [`/book/${bistro}`, `/restaurant/${shop}`, `/book/${shop}/extra`]) {
      const res = await get(url, app, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      const doc = parseHtml(decodedBody(res));
      expect(doc.title, url).toBe(plainTitle);
      expect(jsonLd(doc), url).toEqual([]);
      expect(doc.querySelector('#root'), url).not.toBeNull();
    }
    expect((await app.inject({ method: 'HEAD', url: `/book/${shop}` })).statusCode).toBe(200);
  });
});

const pagesOf = (doc: Document) => [...doc.getElementsByTagName('url')].map((u) => ({ loc: u.getElementsByTagName('loc')[0].textContent ?? '', lastmod: u.getElementsByTagName('lastmod')[0].textContent ?? '' }));

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows business pages, keeps crawlers out of the API and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /book/', 'Allow: /restaurant/', 'Disallow: /api/', `Sitemap: ${BASE}/sitemap.xml`]));
    expect(spoofed(res.body), res.body).toBe(false);
  });

  it('are the same for every Host (a cache that keeps one an hour serves it to everyone), naming only PUBLIC_URL', async () => {
    for (const [url, on] of [['/robots.txt', app], ['/sitemap.xml', app], ['/sitemap.xml', smallFiles]] as const) {
      const answers = [];
      for (const headers of [{}, { host: 'other.example' }, { host: 'que.example', 'x-forwarded-host': 'other.example:8443', 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
        const res = await get(url, on, headers);
        expect(res.statusCode, url).toBe(200);
        expect(spoofed(res.body), res.body).toBe(false);
        expect(res.body, url).toContain(`${BASE}/`);
        answers.push(res.body);
      }
      expect(new Set(answers).size, url).toBe(1);
    }
    const index = parseXml((await get('/sitemap.xml', smallFiles)).body);
    const file = new URL(index.getElementsByTagName('loc')[0].textContent ?? '').pathname;
    const first = (await get(file, smallFiles)).body;
    expect(spoofed(first), first).toBe(false);
    expect((await get(file, smallFiles, { host: 'other.example' })).body).toBe(first);
  });

  it('lists every business page once, by its kind, with when it changed', async () => {
    const res = await get('/sitemap.xml', app, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = parseXml(decodedBody(res));
    expect(doc.documentElement.tagName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const rows = await queryRows<{ id: number; business_type: string; created_at: Date | string }>(database, 'select id, business_type, created_at from businesses order by id');
    expect(pagesOf(doc as unknown as Document)).toEqual(
      rows.map((r) => ({ loc: `${BASE}/${r.business_type === 'restaurant' ? 'restaurant' : 'book'}/${r.id}`, lastmod: new Date(r.created_at).toISOString() })),
    );
  });

  it('past the per-file limit becomes an index of files that together list every page exactly once', async () => {
    const rows = await queryRows<{ id: number }>(database, 'select id from businesses order by id');
    expect(rows.length).toBe(5);
    const index = parseXml((await get('/sitemap.xml', smallFiles)).body);
    expect(index.documentElement.tagName).toBe('sitemapindex');
    const files = [...index.getElementsByTagName('sitemap')].map((s) => s.getElementsByTagName('loc')[0].textContent ?? '');
    expect(files).toEqual([rows[0], rows[2], rows[4]].map((r) => `${BASE}/sitemap-${r.id}.xml`));
    const listed: string[] = [];
    for (const file of files) {
      const res = await get(new URL(file).pathname, smallFiles);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const pages = pagesOf(parseXml(res.body) as unknown as Document);
      expect(pages.length).toBeLessThanOrEqual(2);
      listed.push(...pages.map((p) => p.loc));
    }
    expect(listed).toEqual(rows.map((r) => expect.stringMatching(new RegExp(`/(book|restaurant)/${r.id}$`))));
    expect(new Set(listed).size).toBe(rows.length);
    // Exactly a file's worth is still one file.
    const exact = await buildWebApp(database, web.dir, { sitemapUrlsPerFile: rows.length });
    expect(parseXml((await get('/sitemap.xml', exact)).body).documentElement.tagName).toBe('urlset');
    await exact.close();
    for (const url of ['/sitemap-999999.xml', '/sitemap-99999999999.xml', '/sitemap-abc.xml']) {
      expect((await get(url, smallFiles)).statusCode, url).toBe(404);
    }
  });

  it('escapes what it writes into XML', () => {
    const xml = urlsetXml('https://q.example/?a=1&b=<2>', [{ id: 7, businessType: 'service', lastModified: new Date('2026-01-02T03:04:05Z') }]);
    const doc = parseXml(xml);
    expect(doc.getElementsByTagName('loc')[0].textContent).toBe('https://q.example/?a=1&b=<2>/book/7');
  });
});

describe('the first pages of discovery', () => {
  // read from the text: a parsing DOM would try to fetch what the links name
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="([^"]*)" href="([^"]*)" \/>/g)].map((m) => [m[2].replaceAll('&amp;', '&'), m[1]]);

  it('name their first API requests as preloads that answer what the requests get', async () => {
    const directory = await get('/businesses');
    expect(directory.statusCode).toBe(200);
    expect(preloads(directory.body)).toEqual([
      ['/api/businesses?limit=24', 'use-credentials'],
      ['/api/earliest-appointments?limit=3', 'use-credentials'],
    ]);
    expect(preloads((await get('/quick-booking')).body)).toEqual([['/api/earliest-appointments?limit=24', 'use-credentials']]);
    // before the app's own script: over HTTP/1.1 what comes later waits for one of six connections
    expect(directory.body.indexOf('/api/businesses?limit=24')).toBeLessThan(directory.body.indexOf('<script'));
    for (const [url] of preloads(directory.body)) {
      const res = await get(url!);
      expect(res.statusCode, url!).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
  });

  it('preload no request when the address carries filters (the page asks for what they say)', async () => {
    const filtered = await get('/businesses?q=shop');
    expect(filtered.statusCode).toBe(200);
    expect(preloads(filtered.body)).toEqual([]);
  });

  const screenScripts = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" data-screen \/>/g)].map((m) => m[1]);

  it("name their screen's scripts as module preloads, those the app's page names already left out", async () => {
    // the fixture's manifest (test/web-fixture.ts): the screen's chunk, what it imports and the query layer
    const directory = ['/assets/businesses-Bb1b2b3b.js', '/assets/directory-Dd1d2d3d.js', '/assets/query-Qq1q2q3q.js', '/assets/query-layer-Ll1l2l3l.js'];
    expect(screenScripts((await get('/businesses')).body)).toEqual(directory);
    expect(screenScripts((await get('/businesses?q=shop')).body)).toEqual(directory);
    expect(screenScripts((await get('/quick-booking')).body)).toEqual(['/assets/quick-booking-Kk1k2k3k.js', '/assets/query-Qq1q2q3q.js', '/assets/query-layer-Ll1l2l3l.js']);
    // the app's own chunk stays as index.html names it, once
    expect((await get('/businesses')).body.match(/react-Rr1r2r3r\.js/g)).toHaveLength(1);
    for (const page of ['/', '/login', `/book/${shop}`]) expect(screenScripts((await get(page)).body), page).toEqual([]);
  });
});
