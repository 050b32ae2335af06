import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../../src/contract/live';
import { book, getJson, newCustomer, roundTheClockShop, startsWithin } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, openTab, shot, toastTitled } from './support/page';

useBrowser();

// DESIGN section 9: at a shop of several staff members each has their own line. The customer's
// queue dashboard says "2nd in line for Marco"; the owner's Today's queue shows each member's line
// and calls the next customer of one. Members are made through the staff API
// (POST /api/businesses/{id}/staff).

describe('the queue of a shop with several staff members', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`at ${viewport.width} px: the customer sees whose line they are in; the owner calls the next customer of a member`, async () => {
      const owner = await newPage(viewport);
      const req = owner.context.request;
      const shop = await roundTheClockShop(req);
      const staffRoute = await req.post(`/api/businesses/${shop.business.id}/staff`, { data: { name: 'Marco' } });
      expect(staffRoute.status(), await staffRoute.text()).toBe(201);
      const marco = ((await staffRoute.json()) as { id: number }).id;
      const added = await req.post(`/api/businesses/${shop.business.id}/staff`, { data: { name: 'Anna' } });
      expect(added.status(), await added.text()).toBe(201);
      const anna = ((await added.json()) as { id: number }).id;

      const { date, times } = await startsWithin(req, shop.business, shop.service.id, 20, 600);
      expect(times.length).toBeGreaterThanOrEqual(3);
      const [first, second, third] = times;
      const ahead = await newCustomer('qsahead', DESKTOP);
      await book(ahead.context.request, { businessId: shop.business.id, serviceId: shop.service.id, date, time: first, staffId: marco });
      const other = await newCustomer('qsanna', DESKTOP);
      await book(other.context.request, { businessId: shop.business.id, serviceId: shop.service.id, date, time: first, staffId: anna });
      const me = await newCustomer('qsme', viewport);
      await book(me.context.request, { businessId: shop.business.id, serviceId: shop.service.id, date, time: second, staffId: marco });
      await book(other.context.request, { businessId: shop.business.id, serviceId: shop.service.id, date, time: third, staffId: anna });

      const c = me.page;
      await c.goto('/queue-dashboard');
      await c.getByRole('heading', { name: 'Queue Dashboard' }).waitFor();
      await expect.poll(() => c.getByTestId('queue-line').first().textContent()).toBe('2nd in line for Marco');
      await expectNoHorizontalScroll(c);
      await shot(c, `queue-staff-customer-${label}`);

      // Registering the shop signed the owner's context in.
      const o = owner.page;
      await o.goto('/business-dashboard?tab=queue');
      await openTab(o, "Today's queue");
      await o.getByRole('heading', { name: "Today's queue" }).waitFor();
      await expect.poll(() => o.getByTestId('member-line').count()).toBeGreaterThanOrEqual(2);
      await expectNoHorizontalScroll(o);
      await shot(o, `queue-staff-owner-${label}`);
      await o.getByRole('button', { name: 'Call next for Marco' }).click();
      // Marco's next is 20 minutes or more ahead: the owner is asked first when it is over RULES.earlyCallConfirmMinutes.
      const ask = o.getByRole('alertdialog');
      const calledToast = toastTitled(o, 'Customer Called');
      await ask.or(calledToast).first().waitFor();
      if (await ask.isVisible()) await ask.getByRole('button', { name: 'Call now' }).click();
      await calledToast.waitFor();
      const mine = await getJson<QueueEntry[]>(me.context.request, `/api/queue/customer/${me.user.id}`);
      expect(mine[0]).toMatchObject({ status: 'waiting', queuePosition: 2, staffName: 'Marco' });
      const aheads = await getJson<QueueEntry[]>(ahead.context.request, `/api/queue/customer/${ahead.user.id}`);
      expect(aheads[0]).toMatchObject({ status: 'called', staffName: 'Marco' });
      for (const ctx of [owner.context, ahead.context, other.context, me.context]) await ctx.close();
    });
  }
});
