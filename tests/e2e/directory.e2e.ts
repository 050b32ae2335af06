import { beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '../../src/contract/businesses';
import { getJson, newServiceBusiness } from './support/api';
import { DESKTOP, newPage, PHONE, uniqueName, useBrowser } from './support/browser';
import { seedServiceBusinesses } from './support/seed';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, expectTouchSized, shot, toastTitled } from './support/page';

// The directory searched and paged on the real server. What it shows while loading and when a request
// fails, and each filter's address, are component tests (src/web/features/businesses/components/).
useBrowser();

/** `count` service businesses named "<token> Studio NN", each with a service, a step north of (10, 20) apiece. */
async function seedShops(token: string, count: number) {
  await seedServiceBusinesses(
    Array.from({ length: count }, (_, i) => ({
      business: { businessName: `${token} Studio ${String(i + 1).padStart(2, '0')}`, category: 'Fitness', address: `${i + 1} Paging Row`, latitude: 10 + i * 0.01, longitude: 20 },
      service: { name: 'Private session', duration: 60, price: '40.00', description: '' },
    })),
  );
}

describe('directory', () => {
  it('lists businesses and searches them on the server, case-insensitively', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await page.goto('/businesses');
    const cards = page.getByTestId('business-card');
    await cards.first().waitFor();
    // the first screen's cards first, the rest right after that paint (web/lib/first-screen-first.ts)
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(6);
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
    // the whole list drawn (the first screen's cards come first: aria-busy until the rest follow)
    await expect.poll(() => page.locator('ul[aria-busy="true"]').count()).toBe(0);
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

describe('directory search on a phone', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`typed words bring the results into view, the promotion below them; "barbr" finds barbers, not bars (${label})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await newServiceBusiness(context.request, { businessName: uniqueName('Noodle Bar ') });
      await page.goto('/businesses');
      const cards = page.getByTestId('business-card');
      await cards.first().waitFor();
      const answered = page.waitForResponse((r) => r.url().includes('/api/businesses?') && r.url().includes('q=barbr'));
      await page.getByRole('searchbox', { name: 'Search businesses' }).fill('barbr');
      await answered;
      // The previous list stays (dimmed) until the search's answer is drawn.
      await expect.poll(() => cards.filter({ hasText: 'Noodle Bar' }).count()).toBe(0);
      await page.getByText(/matching “barbr”/).waitFor();
      const names = await cards.getByRole('heading').allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((n) => /\bbar\b/i.test(n))).toEqual([]);
      // The first result starts on the first screen (it was 760 px down at 375 px, under the promotion).
      const top = (await cards.first().boundingBox())!.y;
      console.log(`first result at ${Math.round(top)} px (${label})`);
      expect(top).toBeLessThan(viewport.height - 100);
      const banner = page.getByRole('link', { name: /See earliest slots/ });
      expect((await banner.boundingBox())!.y).toBeGreaterThan(top);
      if (label === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, `directory-search-barbr-${label}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('directory pages', () => {
  // More than a page of businesses that one search finds, and nothing else does.
  const token = `Zephyr${Date.now().toString(36)}`;
  const SHOPS = 27;
  beforeAll(() => seedShops(token, SHOPS), 120_000);

  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`pages a search with Show more, and Back keeps every page and the place (${label})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await page.goto('/businesses');
      const cards = page.getByTestId('business-card');
      await cards.first().waitFor();
      await page.getByRole('searchbox', { name: 'Search businesses' }).fill(token);
      await expect.poll(() => page.url()).toContain(`q=${token}`);
      await expect.poll(() => cards.filter({ hasText: token }).count()).toBe(24);
      expect(await cards.count()).toBe(24);
      await page.getByText('Showing the first 24 businesses').waitFor();
      // Each card has its rating ("New": no reviews yet) and its next free times, which book in one tap.
      const first = cards.first();
      await first.getByLabel('New: no reviews yet').waitFor();
      expect(await first.getByTestId('next-free-chip').count()).toBeGreaterThan(0);
      expect(await first.getByTestId('next-free-chip').first().getAttribute('href')).toMatch(/^\/book-appointment\?businessId=\d+&serviceId=\d+&date=\d{4}-\d{2}-\d{2}&time=\d{2}%3A\d{2}$/);
      if (label === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, `directory-search-page-${label}`);

      await page.getByRole('button', { name: 'Show more businesses' }).click();
      await expect.poll(() => cards.count()).toBe(SHOPS);
      await page.getByText(`Showing ${SHOPS} businesses`).waitFor();
      expect(await page.getByRole('button', { name: 'Show more businesses' }).count()).toBe(0);
      const names = await cards.getByRole('heading', { level: 2 }).allTextContents();
      expect(new Set(names).size).toBe(SHOPS);
      await expectAccessible(page);
      await shot(page, `directory-search-all-${label}`);

      // Open a card of the second page, then come back: both pages, and the same place.
      const target = cards.nth(SHOPS - 2);
      await target.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(1000);
      await target.getByRole('link', { name: /Book Appointment/ }).click();
      await expect.poll(() => page.url()).toMatch(/\/book\/\d+$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.goBack();
      await expect.poll(() => page.url()).toContain(`q=${token}`);
      expect(await cards.count()).toBe(SHOPS);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 80);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(80);
      expect(await page.getByRole('searchbox', { name: 'Search businesses' }).inputValue()).toBe(token);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('Near me asks first, then sorts by distance and says how far (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 10.05, longitude: 20 });
    await page.goto(`/businesses?q=${token}`);
    const cards = page.getByTestId('business-card');
    await cards.first().waitFor();
    await page.getByRole('button', { name: 'Near me' }).click();
    const panel = page.getByRole('region', { name: 'Near me' });
    await panel.getByText('Your browser will ask to share your location').waitFor();
    await expectAccessible(page);
    await expectTouchSized(page.getByRole('main').getByRole('button', { name: /Near me|Filters|Use my location|Not now/ }));
    await shot(page, 'directory-near-me-ask-phone');
    await panel.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => page.url()).toContain('sort=distance');
    expect(new URL(page.url()).searchParams.get('near')).toBe('10.050,20.000');
    // Studio 06 is at 10.05 exactly; 05 and 07 are 1.1 km away.
    await expect.poll(() => cards.first().getByRole('heading', { level: 2 }).textContent()).toBe(`${token} Studio 06`);
    expect(await cards.first().getByTestId('distance').textContent()).toBe('< 0.1 km away');
    expect(await cards.nth(1).getByTestId('distance').textContent()).toBe('1.1 km away');
    await expectNoHorizontalScroll(page);
    await shot(page, 'directory-near-me-phone');
    await page.getByLabel('Distance', { exact: true }).selectOption('2');
    await expect.poll(() => cards.count()).toBe(3);
    await page.getByRole('button', { name: 'Stop sorting by distance' }).click();
    await expect.poll(() => page.url()).not.toContain('near=');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("the business's location", () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`the owner fills it from the browser in Edit details, and Near me then finds the business (${label})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const name = uniqueName('Harbourside Gym ');
      const { business } = await newServiceBusiness(context.request, { businessName: name });
      await context.grantPermissions(['geolocation']);
      // Each run's business at a point of its own, 11 km apart, so the nearest is always this one.
      const latitude = label === 'phone' ? -33.8568 : -33.9568;
      await context.setGeolocation({ latitude, longitude: 151.2153 });
      await page.goto('/business-dashboard?tab=settings');
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('button', { name: 'Edit details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit business details' });
      // Typed alone, one coordinate is refused before anything is sent.
      await dialog.getByLabel('Latitude').fill(String(latitude));
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('Enter both latitude and longitude, or leave both empty').waitFor();
      await dialog.getByRole('button', { name: 'Use my current location' }).click();
      await dialog.getByRole('button', { name: 'Share my location' }).click();
      await expect.poll(() => dialog.getByLabel('Longitude').inputValue()).toBe('151.215300');
      if (label === 'phone') await expectNoHorizontalScroll(page);
      await dialog.getByLabel('Longitude').scrollIntoViewIfNeeded();
      await dialogShot(page, `dashboard-edit-location-${label}`);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toastTitled(page, 'Business Updated').waitFor();
      await page.getByRole('tabpanel').getByText(`${latitude}, 151.2153`).waitFor();
      expect(await getJson<Business>(context.request, `/api/businesses/${business.id}`)).toMatchObject({ latitude, longitude: 151.2153 });

      // A visitor a few streets away.
      await context.setGeolocation({ latitude: latitude - 0.0132, longitude: 151.21 });
      await page.goto('/businesses');
      await page.getByTestId('business-card').first().waitFor();
      await page.getByRole('button', { name: 'Near me' }).click();
      await page.getByRole('button', { name: 'Use my location' }).click();
      const card = page.getByTestId('business-card').filter({ hasText: name });
      await expect.poll(() => page.getByTestId('business-card').first().getByRole('heading', { level: 2 }).textContent()).toBe(name);
      expect(await card.getByTestId('distance').textContent()).toBe('1.5 km away');
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
