import { describe, expect, it } from 'vitest';
import type { Business } from '../../src/contract/businesses';
import { expectAccessible, expectNoHorizontalScroll, findOpenDay, getJson, serviceBusiness, shot, toastTitled } from './booking-support';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';

useBrowser();

// Issue 9, "no lost input": what a signed-out visitor typed survives the detour through /login.

const WIDTHS = [['desktop', DESKTOP], ['phone', PHONE]] as const;

describe('the login detour keeps what was typed', () => {
  for (const [width, viewport] of WIDTHS) {
    it(`an appointment: name, e-mail, phone, notes and block-offers come back after login, and are gone once booked (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business, service } = await serviceBusiness(context.request, width === 'desktop' ? 1 : 2);
      const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
      const time = slots[slots.length - 1];
      await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${time}`);
      await page.getByText('You are not signed in.').waitFor();
      await page.getByLabel('Full name').fill('Grace Hopper');
      await page.getByLabel('Email').fill('grace@example.com');
      await page.getByLabel('Phone').fill('555-0123');
      await page.getByLabel('Notes (optional)').fill('Please use the side door');
      await page.getByLabel('Block queue jump and move back offers for this appointment').check();
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await toastTitled(page, 'Authentication Required').waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

      await page.getByLabel('Username').fill('bob');
      await page.getByLabel('Password').fill('password123');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      expect(await page.getByLabel('Full name').inputValue()).toBe('Grace Hopper');
      expect(await page.getByLabel('Email').inputValue()).toBe('grace@example.com');
      expect(await page.getByLabel('Phone').inputValue()).toBe('555-0123');
      expect(await page.getByLabel('Notes (optional)').inputValue()).toBe('Please use the side door');
      expect(await page.getByLabel('Block queue jump and move back offers for this appointment').isChecked()).toBe(true);
      if (width === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `newcomer-login-detour-details-${width}`);

      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await page.getByRole('heading', { name: 'Appointment Booked!' }).waitFor();
      const mine = await getJson<{ customerName: string; notes: string; blockOffers: boolean; date: string; time: string }[]>(context.request, '/api/appointments');
      expect(mine.find((a) => a.date === date && a.time === time)).toMatchObject({ customerName: 'Grace Hopper', notes: 'Please use the side door', blockOffers: true });

      // Booked: the draft is gone, and a signed-in account's name is never guessed from its username.
      expect(await page.evaluate((id) => sessionStorage.getItem(`que:booking-draft:${id}`), business.id)).toBeNull();
      await page.getByRole('button', { name: 'Book Another Appointment' }).click();
      await page.getByRole('button', { name: new RegExp(service.name) }).first().click();
      const next = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, date);
      await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${next.date}&time=${next.slots[0]}`);
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      expect(await page.getByLabel('Full name').inputValue()).toBe('');
      expect(await page.getByLabel('Email').inputValue()).toBe('bob@example.com');
      expect(await page.getByLabel('Notes (optional)').inputValue()).toBe('');
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('a table reservation: the details and party size come back after login (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const restaurant = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).find((r) => r.businessName === 'The Green Table')!;
    const { date, slots } = await findOpenDay(context.request, { businessId: restaurant.id, partySize: 3 });
    await page.goto(`/restaurant/${restaurant.id}?date=${date}&time=${slots[slots.length - 1]}`);
    await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
    await page.getByText('You are not signed in.').waitFor();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Party size', { exact: true }).selectOption('3');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Phone').fill('555-0456');
    await page.getByLabel('Occasion (optional)').selectOption('birthday');
    await page.getByLabel('Special requests (optional)').fill('A quiet corner');
    await page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');
    expect(await page.getByLabel('Party size', { exact: true }).inputValue()).toBe('3');
    expect(await page.getByLabel('Email').inputValue()).toBe('ada@example.com');
    expect(await page.getByLabel('Phone').inputValue()).toBe('555-0456');
    expect(await page.getByLabel('Occasion (optional)').inputValue()).toBe('birthday');
    expect(await page.getByLabel('Special requests (optional)').inputValue()).toBe('A quiet corner');
    await shot(page, 'newcomer-login-detour-restaurant-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('business registration', () => {
  it("says a username is taken on step 1; step 2's first invalid field is focused clear of the sticky header (phone)", async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/business-register');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Email').fill(`someone-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That username is already taken').waitFor();
    expect(await page.getByLabel('Business name').isVisible()).toBe(false);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'newcomer-username-taken-phone');

    // Submitting step 2 empty from the bottom of the form focuses 'Business name' below the sticky header, not under it.
    await page.getByLabel('Username').fill(`fresh${Date.now()}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Business name').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Register Business' }).click();
    await page.getByText('Business name is required').waitFor();
    const { field, header } = await page.evaluate(() => ({ field: document.activeElement?.getBoundingClientRect().top ?? -1, header: document.querySelector('header')!.getBoundingClientRect().bottom }));
    expect(field).toBeGreaterThanOrEqual(header);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
