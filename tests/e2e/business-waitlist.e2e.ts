import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/contract/time';
import { book, findOpenDay, newCustomer, newServiceBusiness, PASSWORD, register, today } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

useBrowser();

// "Join the waitlist" on a business's page (DESIGN section 11), as a signed-out visitor meets it: the
// panel takes a service, a date and a window; submitting sends them to sign in, and they come back to
// the page with the panel open and what they chose kept; joining confirms with a toast and a note.

describe('joining the waitlist from the business page', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`at ${viewport.width} px: a signed-out visitor chooses, signs in, comes back and joins`, async () => {
      const owner = await newPage(DESKTOP);
      const { business, service } = await newServiceBusiness(owner.context.request);
      const { date, slots } = await findOpenDay(owner.context.request, { businessId: business.id, serviceId: service.id }, addDays(today(), 3));
      await owner.context.close();
      // The day is full (an hour's visits on the hour leave no start free): a window there can be waited for.
      const filler = await newCustomer('fill', DESKTOP);
      for (const time of slots.filter((t) => t.endsWith(':00'))) await book(filler.context.request, { businessId: business.id, serviceId: service.id, date, time });
      await filler.context.close();
      const account = await newPage(DESKTOP);
      const visitor = await register(account.context.request, 'wlpage');
      await account.context.close();

      const { page: p, context, consoleErrors } = await newPage(viewport);
      await p.goto(`/book/${business.id}`);
      const panel = p.getByTestId('business-waitlist');
      await panel.getByRole('button', { name: 'Join the waitlist' }).click();
      await panel.getByLabel('Date').fill(date);
      await panel.getByLabel('Between').selectOption(slots[0]);
      await panel.getByLabel('And').selectOption('12:00');
      if (label === 'phone') await expectNoHorizontalScroll(p);
      await shot(p, `business-waitlist-form-${label}`);
      await panel.getByRole('button', { name: 'Join the waitlist' }).click();

      await expect.poll(() => p.url()).toContain('/login?redirect=');
      await p.getByLabel('Username').fill(visitor.username);
      await p.getByLabel('Password').fill(PASSWORD);
      await p.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => p.url()).toContain(`/book/${business.id}?`);
      const back = p.getByTestId('business-waitlist');
      expect(await back.getByLabel('Date').inputValue()).toBe(date);
      expect(await back.getByLabel('Between').inputValue()).toBe(slots[0]);
      expect(await back.getByLabel('And').inputValue()).toBe('12:00');
      await back.getByRole('button', { name: 'Join the waitlist' }).click();
      await p.getByText('You are on the waitlist', { exact: true }).waitFor();
      await back.getByTestId('business-waitlist-joined').waitFor();
      if (label === 'phone') await expectNoHorizontalScroll(p);
      await shot(p, `business-waitlist-joined-${label}`);

      const entries = (await (await context.request.get('/api/waitlist')).json()) as { date: string; status: string; toTime: string }[];
      expect(entries).toMatchObject([{ date, status: 'waiting', toTime: '12:00' }]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
