import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, screenshot, screenshotDir, signIn, uniqueName, useBrowser } from './support/browser';

useBrowser();

const toastTitled = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/** A full-page screenshot taken from the top, so the sticky header is not painted mid-page. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Nothing on the page is wider than the viewport (no sideways scrolling at 375 px). */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

describe('home', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`shows the hero, counters, cards and claims (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await page.goto('/');
      const main = page.getByRole('main');
      await expect.poll(() => main.getByRole('heading', { level: 1 }).isVisible()).toBe(true);

      // The counters count up for 2 s and settle exactly on the SPEC's figures.
      for (const value of ['12,847', '1,250', '$89,500']) {
        await main.getByText(value, { exact: true }).waitFor({ timeout: 5000 });
      }
      for (const title of ['Regular Booking', 'Skip the Line', 'Earn Money', 'Earn Credit']) {
        await expect.poll(() => main.getByRole('heading', { name: title, exact: true }).isVisible()).toBe(true);
      }
      await main.getByText('Most Popular', { exact: true }).waitFor();
      await main.getByText('New Feature', { exact: true }).waitFor();
      for (const claim of ['10K+', '500+', '$50', '4.9', '12,000+', '$2.3M+', '$5 business fee', '$1 credit per booking', 'Instant notifications', 'You set the price']) {
        await main.getByText(claim).first().waitFor();
      }
      expect(await page.getByRole('blockquote').count()).toBe(3);
      await page.getByTestId('notification-dot').waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, `foundation-home-${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('links to the directory, reservations and quick booking', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await page.goto('/');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Book Reservation' }).getAttribute('href')).toBe('/restaurant-booking');
    expect(await main.getByRole('link', { name: 'Skip the Line' }).getAttribute('href')).toBe('/quick-booking');
    expect(await main.getByRole('link', { name: 'Get Started Now' }).getAttribute('href')).toBe('/businesses');

    await main.getByRole('link', { name: 'Book Appointment' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/businesses');
    await page.goBack();
    await main.getByRole('link', { name: 'Get Started Now' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/businesses');
    await page.goBack();
    await main.getByRole('link', { name: 'Book Reservation' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/restaurant-booking');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps first-load JavaScript of the home page within 200 KB gzip', async () => {
    const { page, context } = await newPage(DESKTOP);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const dist = path.resolve(import.meta.dirname, '../../dist/web');
    const gzipBytes = scripts.reduce((sum, p) => sum + gzipSync(readFileSync(path.join(dist, p)), { level: 9 }).length, 0);
    console.log(`home first-load JS: ${scripts.length} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(200 * 1024);
    await context.close();
  });
});

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

describe('login', () => {
  it('validates required fields and reports a wrong password', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/login');
    await page.getByText('alice').first().waitFor();
    await page.getByText('owner').first().waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toastTitled(page, 'Login Failed').getByText('Invalid username or password').waitFor();
    expect(await page.getByRole('link', { name: 'Register as Business' }).getAttribute('href')).toBe('/business-register');
    expect(await page.getByRole('link', { name: 'Continue as Customer' }).getAttribute('href')).toBe('/');
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-login-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a customer to My Appointments and a business owner to the dashboard', async () => {
    for (const [username, target] of [['alice', '/appointments'], ['owner', '/business-dashboard']] as const) {
      const { page, context, consoleErrors } = await newPage(DESKTOP);
      await signIn(page, username);
      await expect.poll(() => new URL(page.url()).pathname).toBe(target);
      await toastTitled(page, 'Login Successful').getByText(`Welcome back, ${username}!`).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('follows a same-site redirect and ignores one to another site', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.goto('/login?redirect=/queue-dashboard');
    await page.getByRole('button', { name: 'Use bob' }).click();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/queue-dashboard');

    await page.goto('/login?redirect=//evil.example/');
    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/appointments$/);
    await context.close();
  });
});

describe('business registration', () => {
  it('takes an account, then the business, with Back, and lands on the dashboard', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('biz');
    await page.goto('/business-register');
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await shot(page, 'foundation-business-register-step1-phone');

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Continue' }).click();
    const name = page.getByLabel('Business name');
    await expect.poll(() => name.isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe(username);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('button', { name: 'Register Business' }).click();
    await page.getByText('Business name is required').waitFor();
    await page.getByText('Category is required').waitFor();
    const businessName = `Studio ${username}`;
    await name.fill(businessName);
    await page.getByLabel('Category').selectOption('Fitness');
    await page.getByLabel('Description').fill('Yoga and pilates classes.');
    await page.getByLabel('Address').fill('1 Test Street');
    await page.getByLabel('Phone').fill('(555) 000-1111');
    await page.getByLabel('Website (optional)').fill('not a url');
    await page.getByRole('button', { name: 'Register Business' }).click();
    await page.getByText('Website must be a valid URL (https://...)').waitFor();
    await page.getByLabel('Website (optional)').fill('https://studio.example');
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-business-register-step2-phone');
    await page.getByRole('button', { name: 'Register Business' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/business-dashboard');
    await toastTitled(page, 'Business Registered!').waitFor();
    const me = (await (await page.request.get('/api/user')).json()) as { username: string; userType: string; businessId: number | null };
    expect(me).toMatchObject({ username, userType: 'business' });
    const business = (await (await page.request.get(`/api/businesses/${me.businessId}`)).json()) as { businessName: string; category: string };
    expect(business).toMatchObject({ businessName, category: 'Fitness' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('tells a taken username and returns to the account step', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.goto('/business-register');
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Email').fill('alice-again@example.com');
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Business name').fill('Duplicate Co');
    await page.getByLabel('Category').selectOption('Other');
    await page.getByRole('button', { name: 'Register Business' }).click();
    await toastTitled(page, 'Registration Failed').waitFor();
    await expect.poll(() => page.getByLabel('Username').isVisible()).toBe(true);
    await context.close();
  });

  it('skips the account step for a business account without a business', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const username = uniqueName('solo');
    const res = await page.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'secret123', userType: 'business' } });
    expect(res.status()).toBe(201);
    await page.goto('/business-register');
    await page.getByLabel('Business name').waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await shot(page, 'foundation-business-register-signed-in-desktop');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('restaurant registration', () => {
  it('asks for an account first when signed out, then registers the restaurant', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('chef');
    await page.goto('/restaurant-register');
    await page.getByLabel('Username').waitFor();
    expect(await page.getByLabel('Restaurant name').isVisible()).toBe(false);
    await page.getByLabel('Username').fill(username);
    // The restaurant form (with its own Email field) is already on the page, hidden until step 2.
    await page.getByLabel('Email').filter({ visible: true }).fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('secret123');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => page.getByLabel('Restaurant name').isVisible()).toBe(true);
    expect(await page.getByLabel('Max party size').inputValue()).toBe('8');
    expect(await page.getByLabel('Typical reservation duration (minutes)').inputValue()).toBe('120');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();
    await page.getByText('Restaurant name is required').waitFor();
    await page.getByText('Cuisine type is required').waitFor();
    await page.getByText('Price range is required').waitFor();

    const restaurantName = `Bistro ${username}`;
    await page.getByLabel('Restaurant name').fill(restaurantName);
    await page.getByLabel('Cuisine type').selectOption('French');
    await page.getByLabel('Price range').selectOption({ label: '$$$ - Upscale' });
    await page.getByLabel('Max party size').fill('25');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();
    await page.getByText('Max party size must be between 1 and 20').waitFor();
    await page.getByLabel('Max party size').fill('12');
    await page.getByLabel('Typical reservation duration (minutes)').fill('100');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();
    await page.getByText('Reservation duration must be in steps of 15 minutes').waitFor();
    await page.getByLabel('Typical reservation duration (minutes)').fill('90');
    await page.getByLabel('Operating hours').fill('Tue-Sun 6 PM - 11 PM\nMon closed');
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-restaurant-register-phone');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/business-dashboard');
    await toastTitled(page, 'Restaurant Registered!').waitFor();
    const list = (await (await page.request.get(`/api/businesses?type=restaurant&q=${encodeURIComponent(restaurantName)}`)).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ businessName: restaurantName, cuisineType: 'French', priceRange: '$$$', maxPartySize: 12, reservationDuration: 90, category: 'Restaurant' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('goes straight to the form for a signed-in business account (desktop)', async () => {
    const { page, context } = await newPage(DESKTOP);
    const username = uniqueName('cook');
    await page.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'secret123', userType: 'business' } });
    await page.goto('/restaurant-register');
    await page.getByLabel('Restaurant name').waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await shot(page, 'foundation-restaurant-register-desktop');
    await context.close();
  });

  it('points an owner who already has a business to the dashboard', async () => {
    const { page, context } = await newPage(DESKTOP);
    await signIn(page, 'owner');
    await page.goto('/restaurant-register');
    await page.getByText('Your account already has a business.').waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    await context.close();
  });
});

describe('not found', () => {
  it('shows the 404 screen and goes home', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    await page.getByRole('button', { name: 'Refresh Page' }).waitFor();
    await shot(page, 'foundation-not-found-phone');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('header', () => {
  it('has a sticky header and a mobile menu that closes on link click (375 px)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    for (const label of ['Home', 'Businesses', 'My Appointments', 'Queue', 'Dashboard', 'Login', 'Register Business', 'Book Reservation', 'Skip the Line']) {
      await menu.getByRole('link', { name: label, exact: true }).waitFor();
    }
    await page.screenshot({ path: path.join(screenshotDir, 'foundation-mobile-menu-open.png') });
    await menu.getByRole('link', { name: 'Businesses', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/businesses');
    await expect.poll(() => menu.count()).toBe(0);
    await page.getByTestId('business-card').first().waitFor();

    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const box = await page.locator('header').boundingBox();
    expect(box?.y).toBe(0);
    await expectNoHorizontalScroll(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('closes the mobile menu on Escape', async () => {
    const { page, context } = await newPage(PHONE);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    await context.close();
  });

  it('toggles the bell dot every 8 seconds', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.clock.install();
    await page.goto('/login');
    const dot = page.getByTestId('notification-dot');
    await dot.waitFor();
    // Freeze the page's clock, then step it one second at a time and note when the dot changes.
    await page.clock.pauseAt(Date.now() + 20_000);
    const flips: number[] = [];
    let shown = (await dot.count()) === 1;
    for (let second = 1; second <= 26; second++) {
      await page.clock.runFor(1000);
      const now = (await dot.count()) === 1;
      if (now !== shown) flips.push(second);
      shown = now;
    }
    expect(flips.length).toBe(3);
    expect(flips[1] - flips[0]).toBe(8);
    expect(flips[2] - flips[1]).toBe(8);
    await context.close();
  });

  it('shows every link on desktop', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').count()).toBe(9);
    await context.close();
  });
});

describe('My Appointments, signed out', () => {
  it('offers sign-in and validates the inline registration', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/appointments');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login?redirect=/appointments');
    for (const benefit of ['Manage your appointments', 'Earn Que Credit', 'Skip the line', 'Email confirmations']) {
      await main.getByText(benefit, { exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret124');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'foundation-appointments-signed-out-phone');

    const username = uniqueName('cust');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toastTitled(page, 'Account created successfully!').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('reports a taken username', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.goto('/appointments');
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Email').fill('someone-else@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toastTitled(page, 'Registration failed').waitFor();
    await shot(page, 'foundation-appointments-signed-out-desktop');
    await context.close();
  });
});

describe('accessibility', () => {
  const screens = ['/', '/businesses', '/restaurant-booking', '/login', '/business-register', '/restaurant-register', '/appointments', '/no-such-page'];
  for (const url of screens) {
    it(`axe finds no serious or critical violations on ${url}`, async () => {
      const { AxeBuilder } = await import('@axe-core/playwright');
      for (const viewport of [DESKTOP, PHONE]) {
        const { page, context, consoleErrors } = await newPage(viewport);
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${viewport.width}px: ${v.id} – ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
        expect(consoleErrors).toEqual([]);
        await context.close();
      }
    });
  }
});
