import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/contract/time';
import { book, findOpenDay, newCustomer, newServiceBusiness, today } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

useBrowser();

// The owner's view of who is waiting (DESIGN section 11), beside Today's queue: empty for a quiet day,
// a full day's waiters oldest first, and a cancel's hold shown live (no reload) with the held time and
// until when, on the business's clock.

describe("the owner's waitlist panel", () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`at ${viewport.width} px: a full day's waiters, oldest first, and a freed time held for the first, live`, async () => {
      const owner = await newPage(viewport);
      const { business, service } = await newServiceBusiness(owner.context.request);
      const { date, slots } = await findOpenDay(owner.context.request, { businessId: business.id, serviceId: service.id }, addDays(today(), 3));
      const filler = await newCustomer('fill', DESKTOP);
      const booked = [];
      for (const time of slots.filter((t) => t.endsWith(':00'))) booked.push(await book(filler.context.request, { businessId: business.id, serviceId: service.id, date, time }));
      const waiters = [await newCustomer('wait', DESKTOP), await newCustomer('wait', DESKTOP)];
      expect((await waiters[0].context.request.patch('/api/user', { data: { fullName: 'Ada Lovelace' } })).status()).toBe(200);
      for (const w of waiters) {
        const joined = await w.context.request.post('/api/waitlist', { data: { businessId: business.id, serviceId: service.id, date, fromTime: slots[0], toTime: '12:00' } });
        expect(joined.status(), await joined.text()).toBe(201);
      }

      const p = owner.page;
      await p.goto('/business-dashboard?tab=queue');
      const panel = p.getByTestId('owner-waitlist');
      await panel.getByText('Nobody is waiting for this day').waitFor();
      await panel.getByLabel('Day').fill(date);
      const rows = panel.getByTestId('owner-waitlist-entry');
      await expect.poll(() => rows.count()).toBe(2);
      await rows.first().getByText('Ada Lovelace').waitFor();
      await rows.nth(1).getByText(waiters[1].user.username).waitFor();
      await rows.first().getByText('Waiting', { exact: true }).waitFor();
      await p.waitForLoadState('networkidle');
      const marker = await p.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));

      // The first booking is cancelled: the follow job holds the time for the oldest waiter, and the panel shows it as loaded.
      expect((await filler.context.request.patch(`/api/appointments/${booked[0].id}`, { data: { status: 'cancelled' } })).status()).toBe(200);
      await rows.first().getByText('Offered a time', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await rows.first().getByTestId('owner-waitlist-hold').textContent()).toMatch(/^\d{1,2}:\d\d (AM|PM)( [A-Za-z ]+ time)? is held for them until \d{1,2}:\d\d (AM|PM)/);
      await rows.nth(1).getByText('Waiting', { exact: true }).waitFor();
      expect(await p.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
      if (label === 'phone') await expectNoHorizontalScroll(p);
      await panel.scrollIntoViewIfNeeded();
      await shot(p, `owner-waitlist-${label}`);
      expect(owner.consoleErrors).toEqual([]);
      for (const c of [owner, filler, ...waiters]) await c.context.close();
    });
  }
});
