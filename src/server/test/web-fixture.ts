import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { testConfig } from './test-app.js';

/**
 * A built web app in miniature, as vite build lays it out: index.html, a hashed script with its .br/.gz,
 * the favicon, and .vite/manifest.json naming the directory's screen and the chunks it imports (one of
 * them the app's own, which index.html names already).
 */
export interface WebFixture {
  dir: string;
  script: string;
  scriptText: string;
  remove(): void;
}

export const FIXTURE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Que: book appointments and restaurant tables, or pay to skip the line." />
    <title>Que – Book, reserve, skip the line</title>
    <script type="module" crossorigin src="/assets/index-Fx1x2x3x.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Rr1r2r3r.js">
  </head>
  <body>
    <div id="root"></div>
    <noscript>This site needs JavaScript to book appointments.</noscript>
  </body>
</html>
`;

export const FIXTURE_MANIFEST = {
  'index.html': { file: 'assets/index-Fx1x2x3x.js', imports: ['_react-Rr1r2r3r.js'] },
  '_react-Rr1r2r3r.js': { file: 'assets/react-Rr1r2r3r.js' },
  'routes/businesses.tsx': { file: 'assets/businesses-Bb1b2b3b.js', imports: ['_directory-Dd1d2d3d.js', 'index.html', '_react-Rr1r2r3r.js'] },
  '_directory-Dd1d2d3d.js': { file: 'assets/directory-Dd1d2d3d.js', imports: ['_query-Qq1q2q3q.js', '_react-Rr1r2r3r.js'] },
  '_query-Qq1q2q3q.js': { file: 'assets/query-Qq1q2q3q.js' },
  'lib/query-layer.tsx': { file: 'assets/query-layer-Ll1l2l3l.js', imports: ['_query-Qq1q2q3q.js', 'index.html'] },
  'routes/quick-booking.tsx': { file: 'assets/quick-booking-Kk1k2k3k.js', imports: ['_query-Qq1q2q3q.js', 'index.html'] },
  'index.css': { file: 'assets/index-Cc1c2c3c.css' },
};

export function makeWebFixture(): WebFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'que-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const script = '/assets/index-Fx1x2x3x.js';
  // Enough repeated text that compression pays off (over the 1 KB threshold), as a real bundle does.
  const scriptText = Array.from({ length: 200 }, (_, i) => `export const line${i} = "booking ${i}";`).join('\n');
  const write = (file: string, content: string) => {
    writeFileSync(path.join(dir, file), content);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  };
  write('index.html', FIXTURE_INDEX);
  mkdirSync(path.join(dir, '.vite'));
  write('.vite/manifest.json', JSON.stringify(FIXTURE_MANIFEST));
  write(script.slice(1), scriptText);
  copyFileSync(fileURLToPath(new URL('../../web/public/favicon.ico', import.meta.url)), path.join(dir, 'favicon.ico'));
  return { dir, script, scriptText, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The app serving a web fixture, on the given database (API routes and all). */
export async function buildWebApp(
  database: Database,
  webDir: string,
  { config, ...options }: { sitemapUrlsPerFile?: number; config?: Partial<Config> } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(config), database, logger: false, serveWeb: true, webDir, ...options });
  await app.ready();
  return app;
}

/** The body as the client reads it once it undoes the Content-Encoding the server chose. */
export function decodedBody(res: LightMyRequestResponse): string {
  return decodedBytes(res).toString('utf8');
}

export function decodedBytes(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  if (encoding !== undefined && encoding !== 'identity') throw new Error(`unexpected content-encoding ${String(encoding)}`);
  return res.rawPayload;
}
