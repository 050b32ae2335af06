import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, expectTouchSized, shot } from './support/page';

// The directory searched on the real server. What it shows while loading and when a request fails is a
// component test (src/web/features/businesses/components/business-directory.test.tsx).
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
    await shot(page, 'directory-desktop');

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
    await shot(page, 'directory-empty');
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
    await shot(page, 'restaurant-directory-phone');
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
