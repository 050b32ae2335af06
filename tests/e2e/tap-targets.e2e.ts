import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

useBrowser();

// Issue 27: on a phone every button, tab, menu item and chip is at least 44 px tall (a fingertip's
// target), measured at 375 px on the screens a newcomer meets first; at 1280 px they may be smaller.
// A calendar's days share seven columns and are left out (their height is the calendar's own test).

const TARGETS = ['button', '[role="tab"]', '#mobile-menu a', '[data-testid="next-free-chip"]'].join(', ');

/** The visible targets smaller than 44 px either way. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator(TARGETS).evaluateAll((els) =>
    els
      .filter((el) => !el.closest('[data-date]') && !el.hasAttribute('data-date'))
      // A checkbox is tapped by its label, which holds it: the label is the target.
      .map((el) => (el.getAttribute('role') === 'checkbox' ? (el.closest('label') ?? el.parentElement ?? el) : el))
      .map((el) => ({ el, r: el.getBoundingClientRect(), style: getComputedStyle(el) }))
      .filter(({ r, style }) => r.width > 0 && r.height > 0 && style.visibility !== 'hidden')
      .filter(({ r }) => r.height < 44 || r.width < 44)
      .map(({ el, r }) => `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} ${Math.round(r.width)}x${Math.round(r.height)}`),
  );
}

describe('tap targets', () => {
  it('are at least 44 px on a phone: header and menu, directory and its chips, a booking page, the owner dashboard', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await signIn(page, 'owner');
    const screens: [string, () => Promise<unknown>][] = [
      ['directory', () => page.getByTestId('next-free-chip').first().waitFor()],
      ['dashboard', () => page.getByRole('tab', { name: 'Services' }).waitFor()],
    ];
    const urls: Record<string, string> = { directory: '/businesses', dashboard: '/business-dashboard' };
    for (const [name, ready] of screens) {
      await page.goto(urls[name]);
      await ready();
      expect(await smallTargets(page), name).toEqual([]);
      await expectNoHorizontalScroll(page);
      await shot(page, `tap-targets-${name}-phone`);
    }
    // The phone's menu, open.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu a').first().waitFor();
    expect(await smallTargets(page), 'menu').toEqual([]);
    await shot(page, 'tap-targets-menu-phone');

    // A booking page, signed out.
    const visitor = await newPage(PHONE);
    await visitor.page.goto('/businesses');
    await visitor.page.getByTestId('next-free-chip').first().waitFor();
    const book = await visitor.page.getByTestId('next-free-chip').first().getAttribute('href');
    await visitor.page.goto(book!);
    await visitor.page.getByRole('heading').first().waitFor();
    await visitor.page.locator('main button').first().waitFor();
    expect(await smallTargets(visitor.page), 'booking page').toEqual([]);
    await shot(visitor.page, 'tap-targets-booking-phone');

    // At 1280 px the same controls may be smaller: the rule is a phone's.
    await page.setViewportSize(DESKTOP);
    await page.goto('/business-dashboard');
    await page.getByRole('tab', { name: 'Services' }).waitFor();
    const tab = await page.getByRole('tab', { name: 'Services' }).boundingBox();
    expect(tab!.height).toBeLessThan(44);
    expect(consoleErrors).toEqual([]);
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });
});
