import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTime12h } from '../../src/contract/time';
import { book, findOpenDay, register, serviceBusiness } from './support/api';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

useBrowser();

// Layouts that only a browser can measure, each page loaded once and looked at on a wide screen and on a
// phone (the window resized in place): the order of My Appointments' columns, the booking step's header
// and Continue in reach, and the hours editor's time fields.

const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

describe('wide screen and phone', () => {
  it('My Appointments lists appointments beside the credit history, and before it on a phone', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await register(context.request, 'order');
    const { business, service } = await serviceBusiness(context.request);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await book(context.request, { businessId: business.id, serviceId: service.id, date, time: slots[slots.length - 1] });
    await page.goto('/appointments');
    const upcoming = page.getByRole('heading', { name: /Upcoming/ });
    const credit = page.getByRole('heading', { name: 'Que Credit' });
    await upcoming.waitFor();
    await credit.waitFor();
    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await page.setViewportSize(viewport);
      await expect.poll(async () => {
        const [a, c] = [await upcoming.boundingBox(), await credit.boundingBox()];
        // On a phone one column: appointments first. On a wide screen side by side, both at the top.
        return name === 'phone' ? a!.y < c!.y : a!.x < c!.x;
      }).toBe(true);
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, `appointments-order-${name}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('booking keeps the business header compact and Continue in reach below the slots', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const { business, service } = await serviceBusiness(context.request);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
    const header = await page.getByRole('main').locator('header').first().boundingBox();
    expect(header!.height).toBeLessThanOrEqual(180);
    await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).click();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await expect.poll(() => inViewport(page, '[data-testid="selection-footer"] button')).toBe(true);
    }
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await expectNoHorizontalScroll(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the hours editor's time fields fit the screen", async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await signIn(page, 'owner');
    await page.goto('/business-dashboard?tab=availability');
    await page.getByLabel('Monday opening time').waitFor();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const label of ['Monday opening time', 'Monday closing time', 'Friday closing time']) {
        await expect.poll(async () => {
          const box = await page.getByLabel(label).boundingBox();
          return box!.x >= 0 && box!.x + box!.width <= viewport.width;
        }).toBe(true);
        // The whole "09:00 AM" shows: the field is not narrower than what it holds.
        expect(await page.getByLabel(label).evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
      await expectNoHorizontalScroll(page);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
