import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurant, serviceBusiness } from './features/appointments/test-fixtures.js';
import { LiveClient, portOf } from './features/live/live-test-support.js';
import { createTestDatabase } from './test/test-app.js';
import { buildWebApp, decodedBody, decodedBytes, makeWebFixture, type WebFixture } from './test/web-fixture.js';

// DESIGN section 10, "Serving": what a phone downloads — brotli or gzip for every text answer, the
// build's own .br/.gz files for scripts and pages, and a 404 for a file that is not there.

let app: FastifyInstance;
let web: WebFixture;
let drop: () => Promise<void>;
beforeAll(async () => {
  const testDb = await createTestDatabase();
  drop = testDb.drop;
  web = makeWebFixture();
  app = await buildWebApp(testDb.database, web.dir);
  // A directory answer over the 1 KB threshold.
  for (let i = 0; i < 4; i++) await serviceBusiness(app, {}, { businessName: `Compressible Barber ${i} with a long enough name to matter` });
  await restaurant(app);
});
afterAll(async () => {
  await app.close();
  await drop();
  web.remove();
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });

describe('compression is negotiated', () => {
  it('sends JSON as brotli, gzip or plain as the client asks, the same data each way', async () => {
    const plain = await get('/api/businesses');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get('/api/businesses', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(decodedBody(br))).toEqual(plain.json());
    const gzip = await get('/api/businesses', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decodedBody(gzip))).toEqual(plain.json());
    // Preferences are honoured; an encoding we do not speak is the same as none.
    expect((await get('/api/businesses', 'br;q=0.1, gzip;q=1')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/businesses', 'deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses the earliest-appointments listing the server writes as text', async () => {
    const plain = await get('/api/earliest-appointments');
    const br = await get('/api/earliest-appointments', 'br');
    expect(br.statusCode).toBe(200);
    expect(JSON.parse(decodedBody(br))).toEqual(plain.json());
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('leaves small answers and errors readable, with their status', async () => {
    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
    const missing = await get('/api/businesses/999999', 'br');
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(decodedBody(missing))).toMatchObject({ code: 'NOT_FOUND' });
    const invalid = await get('/api/businesses?type=spaceship', 'gzip');
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(decodedBody(invalid)).message).toMatch(/type/);
    // Request bodies are read as sent: a gzip body is not unpacked past the body limit.
    const packed = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: '{}' });
    expect(packed.statusCode).toBeLessThan(500);
  });

  it('compresses the web app page written for a business as it is sent', async () => {
    const [{ id }] = (await get('/api/businesses?type=service')).json() as { id: number }[];
    const res = await get(`/book/${id}`, 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-encoding']).toBe('br');
    expect(decodedBody(res)).toContain('<div id="root">');
  });
});

describe('the built files', () => {
  it('sends the build’s .br and .gz of a script as they are, cached for a year', async () => {
    const br = await get(web.script, 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(readFileSync(path.join(web.dir, `${web.script}.br`)))).toBe(true);
    expect(decodedBody(br)).toBe(web.scriptText);
    const gzip = await get(web.script, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decodedBody(gzip)).toBe(web.scriptText);
    const plain = await get(web.script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.scriptText);
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await get(web.script, 'br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get(web.script, 'br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const page = await get('/', 'br');
    const pageAgain = await get('/', 'br', { 'if-none-match': page.headers.etag as string });
    expect(pageAgain.statusCode).toBe(304);
  });

  it('serves the app page precompressed and never cached without revalidation', async () => {
    // (/businesses and /quick-booking are written per request, with their preloads: compressed live
    // above the 1 KB threshold like any other answer; this fixture page is smaller)
    for (const url of ['/', '/book-appointment', '/no/such/page']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(decodedBody(res)).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('answers a missing file with 404, never the app page', async () => {
    // (/.vite/manifest.json is the build's own list of chunks, read by the server, not a page's)
    for (const url of ['/assets/missing.js', '/assets/index-old.css', '/apple-touch-icon.png', '/manifest.json', '/.vite/manifest.json']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(decodedBody(res))).toMatchObject({ code: 'NOT_FOUND' });
    }
    // The API's own 404 is unchanged, in any case of its prefix.
    for (const url of ['/api/no-such-thing', '/API/appointments', '/api']) {
      expect((await get(url)).json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await get('/apiary')).headers['content-type']).toContain('text/html');
  });

  it('has a favicon', async () => {
    const res = await get('/favicon.ico', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    // An ICO (reserved 0, type 1, at least one image), whatever encoding it travelled in.
    const icon = decodedBytes(res);
    expect(icon.readUInt16LE(0)).toBe(0);
    expect(icon.readUInt16LE(2)).toBe(1);
    expect(icon.readUInt16LE(4)).toBeGreaterThan(0);
  });
});

describe('live updates alongside compression', () => {
  it('still opens /ws and carries messages', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const client = await LiveClient.open(portOf(app), { 'accept-encoding': 'br, gzip' });
    client.send('not json');
    expect((await client.next('error')).type).toBe('error');
    client.close();
  });
});
