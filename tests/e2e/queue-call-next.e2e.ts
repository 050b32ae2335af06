import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../src/contract/live';
import { book, getJson, newCustomer, register, todayIn } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, openTab, shot, toastTitled } from './support/page';

useBrowser();

// Issue 8: the owner's "Call next" on the dashboard's Today's queue, with the customer watching.
// The seeded businesses keep office hours, so at an arbitrary UTC time they may have nothing left
// today; this test makes its own business, open all day in a zone where it is early enough that
// later slots are still free today.

const ZONES = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Asia/Kolkata', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu'];
const localHour = (timeZone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
/** A zone whose local time is between 00:00 and 19:59 now: the offsets above are never more than 8 h apart. */
const earlyZone = () => ZONES.find((zone) => localHour(zone) < 20)!;

/** A new business owner (signed in in a context of their own) whose one business is open every day, 00:00–23:30. */
async function allDayBusiness(viewport: typeof DESKTOP): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[]; businessId: number; serviceId: number; timeZone: string }> {
  const opened = await newPage(viewport);
  const req = opened.context.request;
  const { username } = await register(req, 'allday', 'business');
  const timeZone = earlyZone();
  const created = await req.post('/api/businesses', { data: { businessName: `All Day ${username}`, category: 'Healthcare', timeZone } });
  expect(created.status(), await created.text()).toBe(201);
  const businessId = ((await created.json()) as { id: number }).id;
  const service = await req.post(`/api/businesses/${businessId}/services`, { data: { name: 'Quick visit', duration: 30, price: '20.00' } });
  expect(service.status(), await service.text()).toBe(201);
  const hours = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: '00:00', closeTime: '23:30' }));
  const put = await req.put(`/api/businesses/${businessId}/hours`, { data: { hours } });
  expect(put.status(), await put.text()).toBe(200);
  // Registering signed the context in (its request API shares the pages' cookies).
  return { ...opened, businessId, serviceId: ((await service.json()) as { id: number }).id, timeZone };
}

describe("the owner's Call next", () => {
  for (const [label, viewport] of [['phone', PHONE]] as const) {
    it(`the owner at ${DESKTOP.width} px calls today's waiting customer, whose queue dashboard at ${viewport.width} px says called without a reload`, async () => {
      const owner = await allDayBusiness(DESKTOP);
      const today = todayIn(owner.timeZone);
      const slots = await getJson<string[]>(owner.context.request, `/api/available-slots?businessId=${owner.businessId}&serviceId=${owner.serviceId}&date=${today}`);
      expect(slots.length, `free slots today in ${owner.timeZone}`).toBeGreaterThan(0);

      const customer = await newCustomer('callme', viewport);
      const booked = await book(customer.context.request, { businessId: owner.businessId, serviceId: owner.serviceId, date: today, time: slots[slots.length - 1] });
      const c = customer.page;
      await c.goto('/queue-dashboard');
      await c.getByRole('heading', { name: 'Queue Dashboard' }).waitFor();
      await expect.poll(() => c.getByTestId('connection-status').first().getAttribute('data-state')).toBe('connected');
      const card = c.getByTestId('active-queue').filter({ hasText: 'Quick visit' });
      await expect.poll(() => card.getByTestId('queue-status').textContent()).toContain('waiting');
      const marker = await c.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));

      const o = owner.page;
      await o.goto('/business-dashboard?tab=queue');
      await openTab(o, "Today's queue");
      await o.getByRole('heading', { name: "Today's queue" }).waitFor();
      await expect.poll(() => o.getByTestId('connection-status').first().getAttribute('data-state')).toBe('connected');
      await o.getByTestId('owner-queue-entry').first().waitFor();
      // The owner sees who is waiting (issue 27); the customer's own screens carry no names.
      expect(await o.getByTestId('owner-queue-customer').first().textContent()).toBe('Test Customer');
      expect(await c.locator('main').textContent()).not.toContain('Test Customer');
      await shot(o, `queue-call-next-before-${label}`);
      const callNext = o.getByRole('button', { name: 'Call next' });
      expect(await callNext.isDisabled()).toBe(false);
      await callNext.click();
      // The last slot of the day is usually well ahead: the owner is asked before calling that early.
      const ask = o.getByRole('alertdialog');
      const calledToast = toastTitled(o, 'Customer Called');
      await ask.or(calledToast).first().waitFor();
      if (await ask.isVisible()) await ask.getByRole('button', { name: 'Call now' }).click();
      await calledToast.waitFor();
      await o.getByTestId('owner-queue-entry').getByText('called').first().waitFor();
      await expectNoHorizontalScroll(o);
      await shot(o, `queue-call-next-owner-${label}`);

      // The customer's page, never reloaded, shows the call.
      await card.getByTestId('queue-status').getByText('called').waitFor({ timeout: 10_000 });
      expect(await c.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
      await expectNoHorizontalScroll(c);
      await shot(c, `queue-call-next-customer-${label}`);
      const entries = await getJson<QueueEntry[]>(customer.context.request, `/api/queue/customer/${customer.user.id}`);
      expect(entries.find((e) => e.appointmentId === booked.id)).toMatchObject({ status: 'called', queuePosition: 1 });

      expect(customer.consoleErrors).toEqual([]);
      expect(owner.consoleErrors).toEqual([]);
      await owner.context.close();
      await customer.context.close();
    });
  }
});
