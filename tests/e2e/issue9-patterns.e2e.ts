import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../src/contract/appointments';
import type { Business } from '../../src/contract/businesses';
import { formatTime12h } from '../../src/contract/time';
import { expectNoHorizontalScroll, findOpenDay, getJson, serviceBusiness, shot } from './booking-support';
import { book } from './offers-support';
import { DESKTOP, newPage, PHONE, signIn, uniqueName, useBrowser } from './support/browser';

useBrowser();

// Issue 9: patterns every screen follows — focus after a step change, the skip link, messages meant for
// people, the phone layout of My Appointments and the booking steps, and the small things.

const widths = [['desktop', DESKTOP], ['phone', PHONE]] as const;
const focusedText = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);
const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

describe('accessibility basics', () => {
  for (const [name, viewport] of widths) {
    it(`a skip link leads past the header, and focus moves to each new booking step's heading (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business, service } = await serviceBusiness(context.request);
      await page.goto(`/book/${business.id}`);
      await page.getByRole('heading', { name: 'Select a service' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await focusedText(page)).toBe('A Skip to main content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

      await page.getByRole('button', { name: new RegExp(service.name) }).first().click();
      await expect.poll(() => focusedText(page)).toBe('H2 Select date and time');
      expect(await page.title()).toBe(`Book ${service.name} – ${business.businessName} – Que`);
      await page.getByRole('button', { name: 'Change service' }).click();
      await expect.poll(() => focusedText(page)).toBe('H2 Select a service');
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('messages meant for people', () => {
  for (const [name, viewport] of widths) {
    it(`the time-slot dialog says 'Start time is required', not a schema message (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const username = uniqueName('slots');
      expect((await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType: 'business' } })).status()).toBe(201);
      expect((await context.request.post('/api/restaurants', { data: { businessName: `Bistro ${username}`, cuisineType: 'French', priceRange: '$$' } })).status()).toBe(201);
      await page.goto('/business-dashboard?tab=time-slots');
      await page.getByRole('button', { name: /Add Time Slot/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Start time').fill('');
      await dialog.getByRole('button', { name: 'Create Time Slot' }).click();
      await dialog.getByText('Start time is required').waitFor();
      const text = await dialog.innerText();
      expect(text).not.toMatch(/HH:mm|startTime|endTime|End time must be after start time/);
      await dialog.getByLabel('Start time').fill('23:30');
      await dialog.getByRole('button', { name: 'Create Time Slot' }).click();
      await dialog.getByText('End time must be after start time').waitFor();
      expect(await dialog.getByText('Start time is required').count()).toBe(0);
      await page.screenshot({ path: `tests/e2e/screenshots/issue9-time-slot-messages-${name}.png` });
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('mobile', () => {
  for (const [name, viewport] of widths) {
    it(`My Appointments lists appointments before the credit history, with one 'Clear filters' (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const username = uniqueName('order');
      expect((await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42' } })).status()).toBe(201);
      const { business, service } = await serviceBusiness(context.request);
      const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
      await book(context.request, { businessId: business.id, serviceId: service.id, date, time: slots[slots.length - 1] });
      await page.goto('/appointments');
      const upcoming = page.getByRole('heading', { name: /Upcoming/ });
      const credit = page.getByRole('heading', { name: 'Que Credit' });
      await upcoming.waitFor();
      await credit.waitFor();
      const [a, c] = [await upcoming.boundingBox(), await credit.boundingBox()];
      // On a phone one column: appointments first. On a wide screen side by side, both at the top.
      if (name === 'phone') expect(a!.y).toBeLessThan(c!.y);
      else expect(a!.x).toBeLessThan(c!.x);
      await page.getByLabel('Status').selectOption('cancelled');
      await page.getByText('No appointments match these filters').waitFor();
      expect(await page.getByRole('button', { name: 'Clear filters' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await upcoming.waitFor();
      await shot(page, `issue9-appointments-order-${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

    it(`booking keeps the business header compact and Continue in reach below the slots (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business, service } = await serviceBusiness(context.request);
      const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
      await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
      await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
      const header = await page.getByRole('main').locator('header').first().boundingBox();
      if (name === 'phone') expect(header!.height).toBeLessThanOrEqual(180);
      await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).click();
      expect(await inViewport(page, '[data-testid="selection-footer"] button')).toBe(true);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

    it(`the hours editor's time fields fit the screen (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'owner');
      await page.goto('/business-dashboard?tab=availability');
      const monday = page.getByLabel('Monday opening time');
      await monday.waitFor();
      for (const label of ['Monday opening time', 'Monday closing time', 'Friday closing time']) {
        const box = await page.getByLabel(label).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        // The whole "09:00 AM" shows: the field is not narrower than what it holds.
        expect(await page.getByLabel(label).evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
      await expectNoHorizontalScroll(page);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('small things', () => {
  for (const [name, viewport] of widths) {
    it(`the restaurant page opens on the first date with free tables (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const restaurants = await getJson<Business[]>(context.request, '/api/businesses?type=restaurant');
      const earliest = await getJson<EarliestAppointment[]>(context.request, '/api/earliest-appointments');
      const restaurant = restaurants.find((r) => earliest.some((e) => e.business.id === r.id))!;
      const first = earliest.find((e) => e.business.id === restaurant.id)!;
      await page.goto(`/restaurant/${restaurant.id}`);
      await page.getByRole('heading', { name: restaurant.businessName }).waitFor();
      await expect.poll(() => page.locator(`[data-date="${first.date}"]`).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: formatTime12h(first.time), exact: true }).waitFor();
      await shot(page, `issue9-restaurant-first-free-date-${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
