import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { costed } from './cost';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(screenshotDir, { recursive: true });

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium build without the desktop
 * browser around it: what Playwright itself runs headless) when installed, else the full Chromium, whose
 * --headless mode is the whole browser without a window. The shell cost about a quarter less CPU over the
 * same four browser test files (99 s against 71 s of CPU, measured under load 2026-12-05). CHROMIUM_PATH wins.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Under libfaketime (.ci/at-fake-clock: LD_PRELOAD with FAKETIME), Chromium runs at the real clock and its
 * pages are given the fake one by Playwright's clock API (newPage): preloaded into Chromium, libfaketime's
 * multi-threaded variant killed the page process at once, and with the single-threaded one pages never
 * showed their data. Node's Date (this process, faked) is the time the pages are set to.
 */
const fakeClock = Boolean(process.env.FAKETIME && process.env.LD_PRELOAD?.includes('faketime'));
function browserEnv(): Record<string, string> {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  if (!fakeClock) return env;
  for (const name of Object.keys(env)) if (name.startsWith('FAKETIME')) delete env[name];
  env.LD_PRELOAD = env.LD_PRELOAD!.split(/[: ]/).filter((lib) => lib && !lib.includes('faketime')).join(':');
  return env;
}

/**
 * What to give clock.install for a page clock that reads this process's (fake) time. Playwright notes its
 * own Date.now() beside the time it is given, and the page moves its clock on by how far its own (real)
 * clock has run since then, never back: at a fake clock in the past a page would read the given time plus
 * (real - fake), so that is taken off first; at one in the future it reads the given time. The real time
 * is read from `date` without libfaketime. (Measured 2026-12-05 with Playwright 1.65 at both kinds of clock.)
 */
function pageClockStart(): number {
  const real = Number(execFileSync('date', ['+%s%3N'], { env: browserEnv(), encoding: 'utf8' }).trim());
  const fake = Date.now();
  return fake - Math.max(0, real - fake);
}

/**
 * At a fake clock the pages read the tests' time from Playwright's clock, which runs on from there. Its
 * stand-in for window.performance answers every list of entries empty; the real one's lists are put back
 * (static-serving.e2e.ts reads which scripts a page loaded from them).
 */
async function installFakeClock(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(globalThis, '__realPerformance', { value: globalThis.performance });
  });
  await context.clock.install({ time: pageClockStart() });
  await context.addInitScript(() => {
    const real = (globalThis as unknown as { __realPerformance: Performance }).__realPerformance;
    Object.assign(globalThis.performance, {
      getEntries: () => real.getEntries(),
      getEntriesByName: (name: string, type?: string) => real.getEntriesByName(name, type),
      getEntriesByType: (type: string) => real.getEntriesByType(type),
    });
  });
}

let browser: Browser | undefined;
const contexts = new Set<BrowserContext>();

/**
 * One Chromium per test worker (Debian's, never a downloaded one), launched by the first file that needs
 * it and kept for the next files of that worker (vitest.e2e.config.ts runs them in one module graph):
 * each test still works in browser contexts of its own, and a file's contexts are closed after it.
 * Playwright closes the browser when the worker exits.
 */
export function useBrowser() {
  beforeAll(async () => {
    if (browser?.isConnected()) return;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      env: browserEnv(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
    contexts.clear();
  });
}

/** This worker's own app (see global-setup.ts): VITEST_POOL_ID is 1..maxWorkers, unique among files running at once. */
export const baseURL = () => {
  const urls = inject('baseURLs');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};

/**
 * A fresh browser context (own cookies), with console errors collected so tests can assert none.
 * `timezoneId` puts the browser on another clock than the machine's (a visitor from elsewhere);
 * `baseURL` points it at an app the test started itself (payouts.e2e.ts: one running PAYMENTS=stripe).
 */
export async function newPage(viewport = DESKTOP, options: { timezoneId?: string; baseURL?: string } = {}): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[] }> {
  const context = await browser!.newContext({ viewport, baseURL: baseURL(), ...options });
  if (fakeClock) await installFakeClock(context);
  contexts.add(context);
  context.on('close', () => contexts.delete(context));
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    // A 4xx the app handles (a 401 for "who am I", a 409 shown as a toast) is logged by Chromium; it is not an app error.
    if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context, consoleErrors };
}

/**
 * Screenshots are for a person to look at; no test compares them. E2E_SCREENSHOTS=0 (CI) skips them.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0';

export async function screenshot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  await costed('screenshot', () => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true }));
}

/**
 * Signs the page's browser context in through the API: the session cookie is the context's, so every page
 * the test opens next is signed in, without loading and filling the login screen first. For tests that are
 * not about signing in; foundation-login.e2e.ts drives the form itself (signInThroughForm).
 */
export async function signIn(page: Page, username: string, password = 'password123') {
  const res = await page.context().request.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in the way a person does: the login screen's form, then wait to be sent on. */
export async function signInThroughForm(page: Page, username: string, password = 'password123') {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => page.url()).not.toContain('/login');
}

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;
