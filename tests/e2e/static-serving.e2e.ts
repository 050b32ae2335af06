import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { shot } from './support/page';
import { E2E_PUBLIC_URL } from './support/public-url';

// The built app and the API from one process: what a browser, a crawler and a load balancer's health
// check see (DESIGN section 10, "Serving" and "Pages people share").
useBrowser();

/** The bytes as they travel (no decoding) and the headers, for an Accept-Encoding of our choosing. */
function raw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseURL()}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the built web app', () => {
  it('answers every page path with the app shell, GET and HEAD alike', async () => {
    for (const path of ['/', '/book/1', '/no/such/page']) {
      const res = await fetch(`${baseURL()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const head = await fetch(`${baseURL()}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('sends scripts, pages and JSON compressed, and fingerprinted assets as immutable', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = await raw(script!);
    const br = await raw(script!, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.bytes).toBeLessThan(plain.bytes / 2);
    const gzip = await raw(script!, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.bytes).toBeGreaterThan(br.bytes);
    expect((await raw('/', 'br')).headers['content-encoding']).toBe('br');
    const listing = await raw('/api/businesses', 'br');
    expect(listing.headers['content-encoding']).toBe('br');
    for (const path of ['/api/no-such-thing', '/API/appointments', '/Api', '/api']) {
      const api = await fetch(`${baseURL()}${path}`);
      expect(api.status, path).toBe(404);
      expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Only the /api prefix itself: a page whose path merely starts with the letters is the app's.
    expect((await fetch(`${baseURL()}/apiary`)).headers.get('content-type')).toContain('text/html');
  });

  it('answers a missing asset with 404, and has a favicon, robots.txt and a sitemap', async () => {
    expect((await fetch(`${baseURL()}/assets/missing.js`)).status).toBe(404);
    const icon = await fetch(`${baseURL()}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /api/');
    // PUBLIC_URL, not the address the request came by
    expect(robots).toContain(`Sitemap: ${E2E_PUBLIC_URL}/sitemap.xml`);
    const sitemap = await fetch(`${baseURL()}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${E2E_PUBLIC_URL}/book/`);
    expect(xml).toContain(`<loc>${E2E_PUBLIC_URL}/restaurant/`);
    expect(xml).not.toContain(baseURL());
  });
});

describe('the first pages of discovery', () => {
  // On a phone each script found only once the app has run is a wait after it (issue 20): the server
  // names the screen's scripts in these pages' head, from the build's manifest.
  it('name in the page the scripts the app runs up to the first card, all of them', async () => {
    for (const [path, card] of [
      ['/businesses', 'business-card'],
      ['/businesses?type=service', 'business-card'],
      ['/quick-booking', 'earliest-card'],
    ] as const) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      const named = new Set([...html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+\.js)"/g)].map((m) => m[1]));
      const { page, context, consoleErrors } = await newPage(PHONE);
      await page.goto(path);
      await page.getByTestId(card).first().waitFor();
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
      // no more (none found late) and no fewer (nothing named in vain)
      expect([...new Set(scripts)].sort(), path).toEqual([...named].sort());
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});

describe('a shared business link', () => {
  it('names the business in the page’s title, before and after the app starts', async () => {
    const [business] = (await (await fetch(`${baseURL()}/api/businesses?type=service`)).json()) as { id: number; businessName: string }[];
    // What a link preview reads: the page as the server sends it, before any script runs.
    const html = await (await fetch(`${baseURL()}/book/${business.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${business.businessName.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} — Book on Que" />`);
    expect(html).toContain('<script type="application/ld+json">');

    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto(`/book/${business.id}`, { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(`${E2E_PUBLIC_URL}/book/${business.id}`);
    // The app then names the page its own way, still with the business's name.
    await page.getByRole('heading', { name: business.businessName }).first().waitFor();
    await expect.poll(() => page.title()).toMatch(/ – Que$/);
    expect(await page.title()).toContain(business.businessName);
    await shot(page, 'shared-business-page-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('names a restaurant the same way at 1280 px', async () => {
    const [restaurant] = (await (await fetch(`${baseURL()}/api/businesses?type=restaurant`)).json()) as { id: number; businessName: string }[];
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await page.goto(`/restaurant/${restaurant.id}`);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'Restaurant', name: restaurant.businessName, url: `${E2E_PUBLIC_URL}/restaurant/${restaurant.id}` });
    // The app renders the restaurant and then names the page its own way ("Reserve a table – … – Que").
    await page.getByRole('heading', { name: restaurant.businessName }).first().waitFor();
    await expect.poll(() => page.title()).toBe(`Reserve a table – ${restaurant.businessName} – Que`);
    await shot(page, 'shared-restaurant-page-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
