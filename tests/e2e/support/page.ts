import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { User } from '../../../src/contract/auth';
import type { Business } from '../../../src/contract/businesses';
import { getJson } from './api';
import { costed } from './cost';
import { screenshot, screenshotDir, screenshotsWanted, signIn } from './browser';

// What the browser tests look for and check on a page.

export const toastTitled = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
export const re = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
export const longDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A full-page screenshot taken from the top, so the sticky header is not painted mid-page. */
export async function shot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** A modal sits over the viewport, so it is captured as the viewport shows it, not full-page. */
export async function dialogShot(page: Page, name: string) {
  if (!screenshotsWanted) return;
  await costed('screenshot', () => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) }));
}

/** What the checks read of an axe-core violation. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let axeSource: string | undefined;

/**
 * axe-core's findings on the page as it is now: axe.run() in the page itself (the app has no frames), with
 * all its default rules, only the violations kept (resultTypes), and only what the checks read sent back.
 * axe-core is put into the page once per document. Not @axe-core/playwright's AxeBuilder: it injected
 * the 560 kB script twice per check, configured it and sent every result back, 0.79 CPU-s a check against
 * 0.40 for the same axe.run here (measured 2026-12-06 on the directory page), and the browser tests make
 * about 80 checks.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return costed('axe', async () => {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource!);
    return page.evaluate(async () => {
      const { violations } = await (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
        resultTypes: ['violations'],
      });
      return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) }));
    });
  });
}

/**
 * axe-core finds nothing serious or critical on the page once it has settled (DESIGN section 8): no
 * part of it busy (aria-busy), e.g. a list being replaced after a filter changed, which is dimmed
 * meanwhile, so axe would measure the dimmed text's contrast (a CI run under load, 2026-12-06).
 */
export async function expectAccessible(page: Page) {
  await expect.poll(() => page.evaluate(() => document.querySelector('[aria-busy="true"]') === null), { timeout: 10_000 }).toBe(true);
  const violations = await axeViolations(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} – ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Nothing on the page is wider than the viewport (no sideways scrolling at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The dialog is fully inside a 375 px viewport: nothing wider than the screen. */
export async function expectFitsViewport(page: Page, selector = '[role="dialog"]') {
  const box = await page.locator(selector).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/**
 * Each control the locator matches is at least 40 px tall and `minWidth` wide, so a fingertip hits it on a
 * phone (DESIGN section 8). A calendar's seven columns share 375 px, so its days are checked for height.
 */
export async function expectTouchSized(locator: Locator, minWidth = 40) {
  const boxes = await locator.evaluateAll((els) =>
    els.map((el) => {
      const { width, height } = el.getBoundingClientRect();
      return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '', width, height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  const small = boxes.filter((b) => b.width < minWidth || b.height < 40).map((b) => `${b.name} ${b.width}x${b.height}`);
  expect(small).toEqual([]);
}

/** Clicks a day in the calendar, paging forward a month when the day is not shown yet. */
export async function pickDate(page: Page, date: string, scope = page.locator('body')) {
  const day = scope.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) await scope.getByRole('button', { name: 'Next month' }).click();
  await day.click();
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

/** Signs the owner in and opens the dashboard; returns the owner's business. */
export async function openOwnerDashboard(page: Page, request: APIRequestContext) {
  await signIn(page, 'owner');
  const me = await getJson<User>(request, '/api/user');
  const business = await getJson<Business>(request, `/api/businesses/${me.businessId}`);
  await page.goto('/business-dashboard');
  await page.getByRole('heading', { name: business.businessName }).waitFor();
  return business;
}
