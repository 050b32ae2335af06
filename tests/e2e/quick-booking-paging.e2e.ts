import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { seedServiceBusinesses } from './support/seed';
import { expectAccessible, expectNoHorizontalScroll, shot } from './support/page';

// Quick booking on the real server (DESIGN section 10): a page of 24 soonest-first cards, Show more for
// the next page from the Link header, filters in the address, and Back keeping the pages and the place.
// What each filter sends and shows is a component test (src/web/features/booking/components/earliest-grid.test.tsx).
useBrowser();

/** Enough open service businesses that the earliest list has more than a page, whatever else the demo has. */
async function seedShops(count: number) {
  const token = `Quickpage${Date.now().toString(36)}`;
  await seedServiceBusinesses(
    Array.from({ length: count }, (_, i) => ({
      business: { businessName: `${token} ${i + 1}`, category: 'Fitness', address: `${i + 1} Quick Row` },
      service: { name: 'Fast fitting', duration: 30, price: '30.00', description: '' },
    })),
  );
}

describe('quick booking pages', () => {
  beforeAll(() => seedShops(26), 120_000);

  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`shows a page of 24, Show more adds the next, and Back keeps them and the place (${label})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/earliest-appointments')) asked.push(new URL(r.url()).search);
      });
      await page.goto('/quick-booking');
      const cards = page.getByTestId('earliest-card');
      await cards.first().waitFor();
      // the first screen's cards first, the rest right after that paint (web/lib/first-screen-first.ts)
      await expect.poll(() => cards.count()).toBe(24);
      expect(asked).toEqual(['?limit=24']);
      await cards.first().getByText('Earliest', { exact: true }).waitFor();
      if (label === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, `quick-booking-page-${label}`);

      await page.getByRole('button', { name: 'Show more appointments' }).click();
      await expect.poll(() => cards.count()).toBeGreaterThan(24);
      const hrefs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      expect(new Set(hrefs).size).toBe(hrefs.length);
      expect(asked[1]).toMatch(/cursor=/);

      // Soonest first across both pages, on each business's clock (the dates and times are in the links).
      const starts = hrefs.map((h) => {
        const q = new URL(h!, 'http://x').searchParams;
        return `${q.get('date')} ${q.get('time')}`;
      });
      expect([...starts].sort()).toEqual(starts);

      const target = cards.nth(26);
      await target.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      await target.click();
      await expect.poll(() => page.url()).toMatch(/\/(book-appointment|restaurant\/\d+)\?/);
      await page.goBack();
      await expect.poll(() => page.url()).toMatch(/\/quick-booking$/);
      await expect.poll(() => cards.count()).toBeGreaterThan(24);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 80);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(80);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('narrows by time and party size from the address (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/quick-booking');
    const cards = page.getByTestId('earliest-card');
    await cards.first().waitFor();
    await page.getByLabel('From').selectOption('15:00');
    await expect.poll(() => page.url()).toContain('time=15%3A00');
    await expect.poll(async () => (await cards.evaluateAll((els) => els.map((e) => new URL(e.getAttribute('href')!, 'http://x').searchParams.get('time')!))).every((t) => t >= '15:00')).toBe(true);
    await page.getByLabel('Party size').selectOption('4');
    await expect.poll(() => page.url()).toContain('partySize=4');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'quick-booking-filtered-phone');
    await page.reload();
    expect(await page.getByLabel('Party size').inputValue()).toBe('4');
    expect(await page.getByLabel('From').inputValue()).toBe('15:00');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
