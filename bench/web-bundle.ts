// DESIGN section 8: first-load JavaScript of the home page ≤ 100 KB gzip. Builds the web app
// (vite build into dist/web), serves it from the app on PostgreSQL, opens / in Chromium as a signed-out
// visitor and adds up, gzip -9, every script the page fetched until the network was idle — the same
// measure as the browser test in tests/e2e/foundation.e2e.ts. Bytes are exact, so no baseline is needed.
// Run: npx tsx bench/web-bundle.ts   (BENCH_DATABASE_URL, CHROMIUM_PATH)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp, webDistDir } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { createBenchDatabase } from './booking-support.js';
import { writeResult } from './results.js';

const BUDGET_KB = 100;

execFileSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const db = await createBenchDatabase('web');
const database = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 2 });
const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database, logger: false });
let failed = false;
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    const files = scripts.map((p) => ({ file: p, gzip: gzipSync(readFileSync(path.join(webDistDir, p)), { level: 9 }).length }));
    const kb = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
    writeResult('web-bundle', [
      {
        name: 'first-load JavaScript of the home page (gzip -9)', value: Math.round(kb * 10) / 10, unit: 'KB', target: `≤ ${BUDGET_KB} KB`, met: kb <= BUDGET_KB,
        detail: files.map((f) => `${path.basename(f.file)} ${(f.gzip / 1024).toFixed(1)} KB`).join(', '),
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
