import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, shot } from './foundation-helpers';
import { DESKTOP, newPage, PHONE, screenshotDir, useBrowser } from './support/browser';

// Home, header, 404. Directory, sign-in/registration and accessibility specs are in foundation-*.e2e.ts.
useBrowser();

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

  // DESIGN section 8: 100 KB. A signed-out visitor's home page loads neither TanStack Query (lib/query-layer.tsx
  // comes with the other screens) nor tailwind-merge (lib/cn.ts); react-dom is most of what is left.
  it('keeps first-load JavaScript of the home page within 100 KB gzip', async () => {
    const { page, context } = await newPage(DESKTOP);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const dist = path.resolve(import.meta.dirname, '../../dist/web');
    const gzipBytes = scripts.reduce((sum, p) => sum + gzipSync(readFileSync(path.join(dist, p)), { level: 9 }).length, 0);
    console.log(`home first-load JS: ${scripts.length} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(100 * 1024);
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
