import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './support/browser';

// Shared by the foundation-*.e2e.ts specs.

export const toastTitled = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/** A full-page screenshot taken from the top, so the sticky header is not painted mid-page. */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Nothing on the page is wider than the viewport (no sideways scrolling at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
