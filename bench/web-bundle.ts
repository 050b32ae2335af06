// DESIGN section 8: first-load JavaScript of the home page ≤ 100 KB; issue 20: measured as sent. Builds
// the web app (vite build into dist/web, which writes .br and .gz beside each file), serves it from the
// app on PostgreSQL, opens / in Chromium as a signed-out visitor and adds up every script the page
// fetched until the network was idle, in the bytes that crossed the wire: what Chromium received (it
// asks for brotli), and the same files fetched again asking for gzip only and for no encoding. Bytes
// are exact, so no baseline is needed.
// Run: npx tsx bench/web-bundle.ts   (BENCH_DATABASE_URL, CHROMIUM_PATH)
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { createBenchDatabase } from './booking-support.js';
import { writeResult } from './results.js';

const BUDGET_KB = 100;

/** Bytes of the body as sent (not decoded) and the encoding the server chose, for one Accept-Encoding. */
function sent(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

execFileSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const db = await createBenchDatabase('web');
const database = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 2 });
const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database, logger: false });
let failed = false;
try {
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const responses: { file: string; received: Promise<number>; encoding: string }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      responses.push({
        file: new URL(response.url()).pathname,
        // The encoded body as it arrived (Chromium's own count), not the decoded script.
        received: response.finished().then(async () => (await response.request().sizes()).responseBodySize),
        encoding: response.headers()['content-encoding'] ?? 'none',
      });
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(
      responses.map(async (r) => ({
        file: r.file,
        encoding: r.encoding,
        received: await r.received,
        gzip: await sent(`${origin}${r.file}`, 'gzip'),
        plain: await sent(`${origin}${r.file}`, ''),
      })),
    );
    const total = (pick: (f: (typeof files)[number]) => number) => files.reduce((sum, f) => sum + pick(f), 0);
    const received = total((f) => f.received);
    const gzip = total((f) => f.gzip.bytes);
    const plain = total((f) => f.plain.bytes);
    const encodings = [...new Set(files.map((f) => f.encoding))].join(', ');
    const list = (pick: (f: (typeof files)[number]) => number) => files.map((f) => `${path.basename(f.file)} ${kb(pick(f))} KB`).join(', ');
    writeResult('web-bundle', [
      {
        name: 'first-load JavaScript of the home page as sent to Chromium (Accept-Encoding: gzip, deflate, br, zstd)',
        value: kb(received), unit: 'KB', target: `≤ ${BUDGET_KB} KB`, met: received <= BUDGET_KB * 1024,
        detail: `${files.length} scripts sent as ${encodings} (precompressed at build, brotli quality 11): ${list((f) => f.received)}`,
      },
      {
        name: 'first-load JavaScript of the home page as sent to a client that takes gzip only',
        value: kb(gzip), unit: 'KB', target: `≤ ${BUDGET_KB} KB`, met: gzip <= BUDGET_KB * 1024,
        detail: `sent as ${[...new Set(files.map((f) => f.gzip.encoding))].join(', ')} (gzip -9 at build)`,
      },
      {
        name: 'first-load JavaScript of the home page uncompressed (a client that asks for no encoding; all of it was sent this way before issue 20)',
        value: kb(plain), unit: 'KB',
        detail: `sent as ${[...new Set(files.map((f) => f.plain.encoding))].join(', ')}`,
      },
    ]);
  } finally {
    await browser.close();
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await app.close();
  await database.close();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
