/**
 * First results in the browser at marketplace scale (issue 20, DESIGN section 13): Chromium at 375 px
 * with its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), against the built web app served by the
 * app on the market of bench/discovery-seed.ts, times from navigation to the first card visible on
 * the directory (/businesses) and on quick booking (/quick-booking). Each run is a fresh context (no
 * cache, as a first visit); the two pages take turns; the figure is the median (target ≤ 1.5 s).
 * The first card's moment is taken in the page (a MutationObserver, performance.now() from the
 * navigation's start), so the harness's own round trips are not in it.
 *   npx tsx bench/discovery-browser.ts     (BENCH_BROWSER_RUNS, BENCH_VITE_BUILD=1 rebuilds dist/web; KEEP=1)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { webDistDir } from '../src/server/app.js';
import { startApp } from './discovery-http.js';
import { discoverySeeded, discoveryUrl, dropDiscovery, seedDiscovery } from './discovery-seed.js';
import { load } from './latency-support.js';
import { type Figure, median, writeResult } from './results.js';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const TARGET_MS = 1500;
const TIMEOUT_MS = 60_000;
const PAGES = [
  { name: 'directory (/businesses)', path: '/businesses', card: '[data-testid="business-card"]' },
  { name: 'quick booking (/quick-booking)', path: '/quick-booking', card: '[data-testid="earliest-card"]' },
];

console.log(`load average at start: ${load()}`);
if (process.env.BENCH_VITE_BUILD === '1' || !existsSync(`${webDistDir}/index.html`)) {
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}
if (!(await discoverySeeded())) await seedDiscovery();
const app = await startApp(discoveryUrl());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
});

/** Milliseconds from navigation start to the first card with a size on screen, or null after TIMEOUT_MS. */
async function firstCard(path: string, card: string): Promise<number | null> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: `http://127.0.0.1:${app.port}` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // A string, not a function: tsx would wrap a named inner function in a helper the page does not have.
  await page.addInitScript(`(() => {
    const look = () => {
      if (window.firstCardAt !== undefined) return;
      const el = document.querySelector(${JSON.stringify(card)});
      if (el && el.getBoundingClientRect().height > 0) window.firstCardAt = performance.now();
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  })()`);
  try {
    await page.goto(path);
    await page.waitForFunction(() => (window as unknown as { firstCardAt?: number }).firstCardAt !== undefined, undefined, { timeout: TIMEOUT_MS });
    return await page.evaluate(() => (window as unknown as { firstCardAt: number }).firstCardAt);
  } catch {
    return null;
  } finally {
    await context.close();
  }
}

const times = PAGES.map(() => [] as (number | null)[]);
try {
  for (const p of PAGES) await firstCard(p.path, p.card); // warm-up: the server's caches, Chromium's start
  const loadBefore = load();
  for (let r = 0; r < RUNS; r++) {
    const order = r % 2 ? [...PAGES.keys()].reverse() : [...PAGES.keys()];
    for (const i of order) {
      const t = await firstCard(PAGES[i].path, PAGES[i].card);
      times[i].push(t);
      console.log(`${PAGES[i].name}: ${t === null ? `no card within ${TIMEOUT_MS / 1000} s` : `${t.toFixed(0)} ms`}`);
    }
  }
  const loadAfter = load();
  const figures: Figure[] = PAGES.map((p, i) => {
    const got = times[i].filter((t): t is number => t !== null);
    const missing = times[i].length - got.length;
    const value = got.length ? Math.round(median(got)) : TIMEOUT_MS;
    return {
      name: `${p.name}: first card visible, 375 px, CPU 4× slower`, value, unit: 'ms', target: `≤ ${TARGET_MS} ms`, met: missing === 0 && value <= TARGET_MS,
      detail: `median of ${times[i].length} cold runs (${times[i].map((t) => (t === null ? 'none' : t.toFixed(0))).join(', ')} ms)${missing ? `; ${missing} showed no card within ${TIMEOUT_MS / 1000} s` : ''}; Chromium ${browser.version()}, built app (vite build) served by the app; load ${loadBefore} → ${loadAfter}`,
    };
  });
  writeResult('discovery-browser', figures);
} finally {
  await browser.close();
  await app.stop();
  if (process.env.KEEP !== '1') await dropDiscovery();
}
