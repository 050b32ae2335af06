import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { book, cardOffer, farDay, newCustomer, ownersBusiness, quietDay } from './support/api';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

useBrowser();

// Issue 8: a queue-jump offer made by another customer (in another browser context) lights the
// recipient's header bell while the page stays loaded; the popover lists it and it can be marked read.

const unread = async (page: Page) =>
  Number((await page.getByTestId('notification-count').count()) ? await page.getByTestId('notification-count').textContent() : 0);

describe('the bell hears of a new offer live', () => {
  for (const [label, viewport] of [['phone', PHONE]] as const) {
    it(`at ${viewport.width} px: the count rises without a reload, the popover lists the offer, clicking it marks it read`, async () => {
      const owner = await newPage(DESKTOP);
      await signIn(owner.page, 'owner');
      const { business, service } = await ownersBusiness(owner.context.request);
      const { date, slots } = await quietDay(owner.context.request, business.id, service.id, farDay(5));
      await owner.context.close();

      const a = await newCustomer('bella', viewport);
      const b = await newCustomer('bellb', DESKTOP);
      const target = await book(a.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0] });
      const mine = await book(b.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[2] });

      const p = a.page;
      await p.goto('/queue-dashboard');
      await p.getByRole('heading', { name: 'Queue Dashboard' }).waitFor();
      await expect.poll(() => p.getByTestId('connection-status').first().getAttribute('data-state')).toBe('connected');
      // The bell comes in its own chunk once the session is known, then asks for the count: let it answer first.
      await p.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).waitFor();
      await p.waitForLoadState('networkidle');
      const before = await unread(p);
      const marker = await p.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));

      // B offers $25 (a $30 card hold) for A's earlier slot, through the API the offer dialog uses.
      await cardOffer(b.context.request, mine.id, target.id);

      // The count rises on the page as loaded (no reload: the marker survives).
      await expect.poll(() => unread(p), { timeout: 10_000 }).toBe(before + 1);
      expect(await p.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
      const bell = p.getByRole('button', { name: `Notifications, ${before + 1} unread` });
      await bell.click();
      const item = p.getByTestId('notification-item').filter({ hasText: 'New offer: $25.00' });
      await item.waitFor();
      await expect.poll(() => item.getByLabel('Unread').count()).toBe(1);
      await expectNoHorizontalScroll(p);
      await shot(p, `queue-bell-offer-${label}`);

      // Clicking it marks it read (and follows its link to the offers).
      await item.click();
      await item.waitFor({ state: 'hidden' });
      await expect.poll(() => unread(p)).toBe(before);
      await p.getByRole('button', { name: before ? `Notifications, ${before} unread` : 'Notifications' }).click();
      await expect.poll(() => p.getByTestId('notification-item').filter({ hasText: 'New offer: $25.00' }).getByLabel('Unread').count()).toBe(0);
      await shot(p, `queue-bell-offer-read-${label}`);
      await p.keyboard.press('Escape');

      expect(a.consoleErrors).toEqual([]);
      await a.context.close();
      await b.context.close();
    });
  }
});
