import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/contract/time';
import { book, findOpenDay, newCustomer, newServiceBusiness, today } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

useBrowser();

// The waitlist (DESIGN section 11), as a person meets it: a full day offers "Notify me"; when a booking
// that day is cancelled, the waiting customer's open page shows the time held for them (live, no
// reload) with its countdown, and one tap claims it into My Appointments.

describe('the waitlist fills a freed slot', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`at ${viewport.width} px: join on a full day, a cancel holds the time for the waiter, who claims it`, async () => {
      const owner = await newPage(DESKTOP);
      const { business, service } = await newServiceBusiness(owner.context.request);
      const { date, slots } = await findOpenDay(owner.context.request, { businessId: business.id, serviceId: service.id }, addDays(today(), 3));
      await owner.context.close();
      // Someone books the whole day (an hour's visits on the hour leave no start free).
      const filler = await newCustomer('fill', DESKTOP);
      const booked = [];
      for (const time of slots.filter((t) => t.endsWith(':00'))) booked.push(await book(filler.context.request, { businessId: business.id, serviceId: service.id, date, time }));

      const waiter = await newCustomer('wait', viewport);
      const p = waiter.page;
      await p.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
      await p.getByText('No available slots for this date').waitFor();
      const form = p.getByTestId('join-waitlist');
      await form.getByLabel('Between').selectOption(slots[0]);
      await form.getByLabel('And').selectOption('12:00');
      if (label === 'phone') await expectNoHorizontalScroll(p);
      await shot(p, `waitlist-join-${label}`);
      await form.getByRole('button', { name: /^Notify me between/ }).click();
      await p.getByTestId('waitlist-joined').waitFor();

      await p.goto('/waitlist');
      const entry = p.getByTestId('waitlist-entry').first();
      await entry.getByText('Waiting', { exact: true }).waitFor();
      await p.waitForLoadState('networkidle');
      const marker = await p.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));

      // The first booking of the day is cancelled: the time is held for the waiter, on the page as loaded.
      const cancelled = await filler.context.request.patch(`/api/appointments/${booked[0].id}`, { data: { status: 'cancelled' } });
      expect(cancelled.status()).toBe(200);
      await entry.getByText('Held for you', { exact: true }).waitFor({ timeout: 15_000 });
      expect(await p.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
      await expect.poll(() => entry.getByTestId('claim-countdown').textContent()).toMatch(/^\d+:\d\d left$/);
      if (label === 'phone') await expectNoHorizontalScroll(p);
      const claim = entry.getByRole('button', { name: 'Claim' });
      const box = (await claim.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      await shot(p, `waitlist-offered-${label}`);

      await claim.click();
      await entry.getByText('Claimed', { exact: true }).waitFor();
      await p.goto('/appointments');
      const card = p.getByTestId('appointment-card').filter({ hasText: service.name }).first();
      await card.getByText('confirmed').waitFor();
      await shot(p, `waitlist-claimed-${label}`);
      expect(waiter.consoleErrors).toEqual([]);
      await waiter.context.close();
      await filler.context.close();
    });
  }
});

// A claim books the held time, so a deposit service's claim states the deposit and takes the card as
// the booking wizard does (the policy is set after the day was booked: the hold is made under it).
describe('claiming a held time of a deposit service', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`at ${viewport.width} px: the Claim states the deposit and authorizes it on the card`, async () => {
      const owner = await newPage(DESKTOP);
      const { business, service } = await newServiceBusiness(owner.context.request);
      const { date, slots } = await findOpenDay(owner.context.request, { businessId: business.id, serviceId: service.id }, addDays(today(), 3));
      const filler = await newCustomer('fill', DESKTOP);
      const booked = [];
      for (const time of slots.filter((t) => t.endsWith(':00'))) booked.push(await book(filler.context.request, { businessId: business.id, serviceId: service.id, date, time }));
      const policy = await owner.context.request.put(`/api/services/${service.id}`, {
        data: { name: service.name, duration: service.duration, price: service.price, policies: { paymentPolicy: 'deposit', depositCents: 500 } },
      });
      expect(policy.status(), await policy.text()).toBe(200);

      const waiter = await newCustomer('wait', viewport);
      const p = waiter.page;
      const joined = await waiter.context.request.post('/api/waitlist', { data: { businessId: business.id, serviceId: service.id, date, fromTime: slots[0], toTime: '12:00' } });
      expect(joined.status(), await joined.text()).toBe(201);
      expect((await filler.context.request.patch(`/api/appointments/${booked[0].id}`, { data: { status: 'cancelled' } })).status()).toBe(200);

      await p.goto('/waitlist');
      const entry = p.getByTestId('waitlist-entry').first();
      await entry.getByText('Held for you', { exact: true }).waitFor({ timeout: 15_000 });
      await entry.getByTestId('waitlist-money-line').getByText(/A deposit of \$5\.00 is held on your card now\./).waitFor();
      await entry.getByRole('button', { name: 'Claim' }).click();
      const dialog = p.getByRole('dialog', { name: 'Claim this time' });
      await dialog.getByTestId('booking-money-line').getByText(/A deposit of \$5\.00/).waitFor();
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      if (label === 'phone') await expectNoHorizontalScroll(p);
      await shot(p, `waitlist-claim-deposit-${label}`);
      await dialog.getByRole('button', { name: 'Authorize deposit and claim' }).click();
      await entry.getByText('Claimed', { exact: true }).waitFor();
      const mine = (await (await waiter.context.request.get('/api/appointments')).json()) as { status: string; deposit: unknown }[];
      expect(mine.find((a) => a.status === 'confirmed')).toMatchObject({ deposit: { amount: '5.00', status: 'held' } });
      expect(waiter.consoleErrors).toEqual([]);
      await waiter.context.close();
      await filler.context.close();
      await owner.context.close();
    });
  }
});
