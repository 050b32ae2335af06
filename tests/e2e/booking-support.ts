import path from 'node:path';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { User } from '../../src/contract/auth';
import type { Business } from '../../src/contract/businesses';
import type { Service } from '../../src/contract/services';
import { addDays } from '../../src/contract/time';
import { screenshot, screenshotDir, signIn } from './support/browser';

// Helpers shared by the booking and dashboard browser tests.

export const toastTitled = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
export const re = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
export const today = () => new Date().toISOString().slice(0, 10);
/** Today in a business's own time zone, which is what its calendar allows from. */
export const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
export const longDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** A modal sits over the viewport, so it is captured as the viewport shows it, not full-page. */
export async function dialogShot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * axe-core's findings on the page as it is now. Legacy mode runs axe.run() in the page itself: the app has
 * no frames, so it checks the same DOM with the same rules, without the default mode's extra blank tab per
 * check (axe.finishRun, there for cross-origin frames), which was a third of the browser tests' axe time.
 */
export async function axeViolations(page: Page) {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations;
}

/** axe-core finds nothing serious or critical on the page as it is now (DESIGN section 8). */
export async function expectAccessible(page: Page) {
  const violations = await axeViolations(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} – ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The first day from `from` on (up to 30 days) with free slots, and those slots. */
export async function findOpenDay(request: APIRequestContext, query: Record<string, string | number>, from = addDays(today(), 1)) {
  for (let i = 0; i < 30; i++) {
    const date = addDays(from, i);
    const params = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), date });
    const slots = await getJson<string[]>(request, `/api/available-slots?${params}`);
    if (slots.length > 0) return { date, slots };
  }
  throw new Error(`no open day for ${JSON.stringify(query)}`);
}

/** Clicks a day in the calendar, paging forward a month when the day is not shown yet. */
export async function pickDate(page: Page, date: string, scope = page.locator('body')) {
  const day = scope.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) await scope.getByRole('button', { name: 'Next month' }).click();
  await day.click();
}

export async function serviceBusiness(request: APIRequestContext, index = 0) {
  const businesses = await getJson<Business[]>(request, '/api/businesses?type=service');
  const business = businesses[index % businesses.length];
  const services = await getJson<Service[]>(request, `/api/businesses/${business.id}/services`);
  return { business, service: services[0], services };
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
