import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

// The home page and the 404 screen. The header is header-navigation.e2e.ts's.
useBrowser();

describe('home', () => {
  it('shows the hero, counters, cards, claims and where to go next, on a phone', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
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
    expect(await main.getByRole('link', { name: 'Book Reservation' }).getAttribute('href')).toBe('/restaurant-booking');
    expect(await main.getByRole('link', { name: 'Skip the Line' }).getAttribute('href')).toBe('/quick-booking');
    expect(await main.getByRole('link', { name: 'Get Started Now' }).getAttribute('href')).toBe('/businesses');
    await expectNoHorizontalScroll(page);
    await shot(page, 'home-phone');

    await main.getByRole('link', { name: 'Book Appointment' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/businesses');
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
    await shot(page, 'not-found-phone');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
