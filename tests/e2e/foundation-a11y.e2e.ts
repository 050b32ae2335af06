import { describe, expect, it } from 'vitest';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';

useBrowser();

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
