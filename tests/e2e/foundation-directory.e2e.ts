import { describe, expect, it } from 'vitest';
import { expectTouchSized } from './booking-support';
import { expectNoHorizontalScroll, shot, toastTitled } from './foundation-helpers';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';

useBrowser();

describe('directory', () => {
  it('lists businesses and searches them on the server, case-insensitively', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await page.goto('/businesses');
    const cards = page.getByTestId('business-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Register Business' }).getAttribute('href')).toBe('/business-register');
    expect(await main.getByRole('link', { name: 'Register Restaurant' }).getAttribute('href')).toBe('/restaurant-register');
    expect(await main.getByRole('link', { name: /See earliest slots/ }).getAttribute('href')).toBe('/quick-booking');
    await shot(page, 'foundation-directory-desktop');

    const search = page.getByRole('searchbox', { name: 'Search businesses' });
    await search.fill('DENTAL');
    await expect.poll(() => cards.count()).toBe(1);
    await cards.getByRole('heading', { name: 'Bright Smile Dental' }).waitFor();
    expect(await cards.getByRole('link', { name: /Book Appointment/ }).getAttribute('href')).toMatch(/^\/book\/\d+$/);
    expect(page.url()).toContain('q=DENTAL');

    // Category matches too.
    await search.fill('automotive');
    await cards.getByRole('heading', { name: 'QuickFix Auto Care' }).waitFor();

    await search.fill('no-such-business-anywhere');
    await page.getByText('No businesses found matching your search.').waitFor();
    expect(await cards.count()).toBe(0);
    await shot(page, 'foundation-directory-empty');
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(6);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('restricts /restaurant-booking to restaurants (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/restaurant-booking');
    const cards = page.getByTestId('business-card');
    await cards.first().waitFor();
    expect(await cards.getByRole('link', { name: /Book Appointment/ }).count()).toBe(0);
    expect(await cards.getByRole('link', { name: /Make Reservation/ }).count()).toBe(await cards.count());
    const trattoria = cards.filter({ hasText: 'Trattoria Bella' });
    await trattoria.getByText('Italian').waitFor();
    await trattoria.getByText('up to 8 guests').waitFor();
    expect(await trattoria.getByRole('link', { name: /Make Reservation/ }).getAttribute('href')).toMatch(/^\/restaurant\/\d+$/);
    const search = page.getByRole('searchbox', { name: 'Search restaurants' });
    expect(await search.getAttribute('placeholder')).toContain('restaurants');
    await search.fill('sushi');
    await expect.poll(() => cards.count()).toBe(1);
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-restaurant-booking-phone');
    // A fingertip hits the bell, the search's clear button and the type filters (they were 24 to 36 px).
    await expectTouchSized(page.getByRole('button', { name: 'Clear search' }));
    await expectTouchSized(page.getByRole('banner').getByRole('link', { name: /^Notifications/ }));
    await page.goto('/businesses');
    await cards.first().waitFor();
    await expectTouchSized(page.getByRole('group', { name: 'Business type' }).getByRole('button'));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('directory, slow and failing answers', () => {
  it('shows 6 placeholders while loading, and the banner without a slot when earliest-appointments fails', async () => {
    const { page, context } = await newPage(DESKTOP);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/businesses?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/businesses', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/earliest-appointments', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' }));
    await page.goto('/businesses');
    const placeholders = page.getByTestId('directory-loading').locator(':scope > div');
    await expect.poll(() => placeholders.count()).toBe(6);
    await shot(page, 'foundation-directory-loading');
    release();
    await page.getByTestId('business-card').first().waitFor();
    await page.getByRole('heading', { name: 'Skip the line' }).waitFor();
    expect(await page.getByText('Earliest available:').count()).toBe(0);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await context.close();
  });

  it("says 'Failed to fetch businesses' when the list cannot load", async () => {
    const { page, context } = await newPage(PHONE);
    await page.route('**/api/businesses*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Database is restarting"}' }));
    await page.goto('/restaurant-booking');
    await toastTitled(page, 'Failed to fetch businesses').getByText('Database is restarting').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await shot(page, 'foundation-directory-error-phone');
    await context.close();
  });
});
