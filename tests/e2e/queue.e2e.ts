import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { QueueEntry } from '../../src/contract/live';
import { book, farDay, getJson, newCustomer, ownersBusiness, quietDay, todayIn } from './support/api';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, openTab, shot, toastTitled } from './support/page';

useBrowser();

const position = (page: Page) => page.getByTestId('active-queue').first().getByTestId('queue-position').textContent();
const live = (page: Page) => page.getByTestId('connection-status').first().getAttribute('data-state');

describe('live queue', () => {
  it('signed out, the queue dashboard sends you to log in', async () => {
    const { page, context } = await newPage(DESKTOP);
    await page.goto('/queue-dashboard');
    await expect.poll(() => page.url()).toContain('/login?redirect=/queue-dashboard');
    await context.close();
  });

  it("another customer's booking and cancellation move my position without a reload; the owner calls me; the bell tells me", async () => {
    const owner = await newPage(DESKTOP);
    await signIn(owner.page, 'owner');
    const { business, service } = await ownersBusiness(owner.context.request);
    const { date, slots } = await quietDay(owner.context.request, business.id, service.id, farDay(12));

    const me = await newCustomer('qme', PHONE);
    const other = await newCustomer('qoth', DESKTOP);
    const mine = await book(me.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[2] });

    const p = me.page;
    await p.goto('/queue-dashboard');
    await p.getByRole('heading', { name: 'Queue Dashboard' }).waitFor();
    await expect.poll(() => live(p)).toBe('connected');
    await expect.poll(() => position(p)).toBe('#1');
    expect(await p.getByTestId('stat-Active Queues').textContent()).toBe('1');
    await p.getByTestId('queue-wait').getByText(/^Your turn (in|tomorrow|[A-Z])/).first().waitFor();
    await p.getByRole('progressbar').first().waitFor();
    const marker = await p.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));

    // Someone books earlier the same day: I move to #2, live.
    const earlier = await book(other.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0] });
    await expect.poll(() => position(p), { timeout: 10_000 }).toBe('#2');
    // They cancel: back to #1.
    const res = await other.context.request.patch(`/api/appointments/${earlier.id}`, { data: { status: 'cancelled' } });
    expect(res.status(), await res.text()).toBe(200);
    await expect.poll(() => position(p), { timeout: 10_000 }).toBe('#1');
    expect(await p.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
    await expectNoHorizontalScroll(p);
    await expectAccessible(p);
    await shot(p, 'queue-dashboard-phone');

    // The owner calls me (the entry is not today's, so through the API the tab's button uses).
    const entries = await getJson<QueueEntry[]>(me.context.request, `/api/queue/customer/${me.user.id}`);
    const entry = entries.find((e) => e.appointmentId === (mine as Appointment).id)!;
    const call = await owner.context.request.post(`/api/queue/${entry.id}/call`, { data: {} });
    expect(call.status(), await call.text()).toBe(200);
    await p.getByTestId('active-queue').first().getByTestId('queue-status').getByText('called').waitFor({ timeout: 10_000 });

    // The bell shows it, unread; clicking it marks it read and follows its link; 'Mark all read' clears the rest.
    const unread = async () => Number((await p.getByTestId('notification-count').count()) ? await p.getByTestId('notification-count').textContent() : 0);
    await expect.poll(unread, { timeout: 10_000 }).toBeGreaterThan(0);
    const bell = p.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
    await bell.click();
    const item = p.getByTestId('notification-item').filter({ hasText: "It's your turn" });
    await item.waitFor();
    await shot(p, 'queue-bell-open-phone');
    await p.keyboard.press('Escape');
    await item.waitFor({ state: 'hidden' });
    await bell.focus();
    await p.keyboard.press('Enter');
    const before = await unread();
    await item.click();
    await item.waitFor({ state: 'hidden' });
    await expect.poll(unread).toBe(before - 1);
    if (before > 1) {
      await bell.click();
      await p.getByRole('button', { name: 'Mark all read' }).click();
      await expect.poll(unread).toBe(0);
      await p.keyboard.press('Escape');
    }
    expect(me.consoleErrors).toEqual([]);
    for (const c of [owner, me, other]) await c.context.close();
  });

  it("the owner's today's queue calls the next customer with a toast", async () => {
    const owner = await newPage(DESKTOP);
    await signIn(owner.page, 'owner');
    const { business, service } = await ownersBusiness(owner.context.request);
    const today = todayIn(business.timeZone);
    const slots = await getJson<string[]>(owner.context.request, `/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${today}`);
    const customer = await newCustomer('qcall', DESKTOP);
    if (slots.length > 0) await book(customer.context.request, { businessId: business.id, serviceId: service.id, date: today, time: slots[slots.length - 1] });

    const o = owner.page;
    await o.goto('/business-dashboard?tab=queue');
    await openTab(o, "Today's queue");
    await o.getByRole('heading', { name: "Today's queue" }).waitFor();
    await expect.poll(() => live(o)).toBe('connected');
    await shot(o, 'queue-owner-today-desktop');
    const waiting = await getJson<QueueEntry[]>(owner.context.request, `/api/queue/business/${business.id}/today`);
    if (waiting.some((e) => e.status === 'waiting')) {
      await o.getByRole('button', { name: 'Call next' }).click();
      // Well ahead of the booking the owner is asked first (RULES.earlyCallConfirmMinutes).
      const ask = o.getByRole('alertdialog');
      const calledToast = toastTitled(o, 'Customer Called');
      await ask.or(calledToast).first().waitFor();
      if (await ask.isVisible()) await ask.getByRole('button', { name: 'Call now' }).click();
      await calledToast.waitFor();
      await o.getByTestId('owner-queue-entry').getByText('called').first().waitFor();
    } else {
      expect(await o.getByRole('button', { name: 'Call next' }).isDisabled()).toBe(true);
    }
    await owner.context.close();
    await customer.context.close();
  });

  it('the booking page shows the chosen slot’s live queue, which can be paused and resumed', async () => {
    const owner = await newPage(DESKTOP);
    await signIn(owner.page, 'owner');
    const { business, service } = await ownersBusiness(owner.context.request);
    const { date, slots } = await quietDay(owner.context.request, business.id, service.id, farDay(3));
    await owner.context.close();

    const me = await newCustomer('qslot', DESKTOP);
    const other = await newCustomer('qslo2', DESKTOP);
    const p = me.page;
    await p.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await p.getByRole('button', { name: /\d/ }).filter({ hasText: /AM|PM/ }).first().click();
    const card = p.getByTestId('live-queue-status');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('slot-queue-count').textContent()).toBe('0');
    await expect.poll(() => live(p)).toBe('connected');
    await book(other.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[1] });
    await expect.poll(() => card.getByTestId('slot-queue-count').textContent(), { timeout: 10_000 }).toBe('1');

    // A second viewer of the same slot stays live: once it shows the next booking, the paused card would
    // have shown it too had it been listening (instead of a fixed wait that proves nothing when slow).
    const viewer = await newCustomer('qslo3', DESKTOP);
    const watcher = viewer.page;
    await watcher.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await watcher.getByRole('button', { name: /\d/ }).filter({ hasText: /AM|PM/ }).first().click();
    const watcherCard = watcher.getByTestId('live-queue-status');
    await expect.poll(() => watcherCard.getByTestId('slot-queue-count').textContent()).toBe('1');
    await expect.poll(() => live(watcher)).toBe('connected');

    await card.getByRole('button', { name: 'Pause live updates' }).click();
    await card.getByText('Paused').waitFor();
    await book(other.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[2] });
    await expect.poll(() => watcherCard.getByTestId('slot-queue-count').textContent(), { timeout: 10_000 }).toBe('2');
    expect(await card.getByTestId('slot-queue-count').textContent()).toBe('1');
    await shot(p, 'queue-slot-card-desktop');
    await card.getByRole('button', { name: 'Resume live updates' }).click();
    await expect.poll(() => card.getByTestId('slot-queue-count').textContent(), { timeout: 10_000 }).toBe('2');
    expect(me.consoleErrors).toEqual([]);
    await me.context.close();
    await other.context.close();
    await viewer.context.close();
  });
});
