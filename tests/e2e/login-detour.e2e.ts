import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findOpenDay, getJson, serviceBusiness } from './support/api';
import { DESKTOP, newPage, PHONE, uniqueName, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, shot, toastTitled } from './support/page';

useBrowser();

// "No lost input": what a signed-out visitor typed survives the detour through /login, in the real app's
// session storage and redirects. The table reservation's draft and the wizard's rules are component tests
// (src/web/features/booking/components/*.test.tsx).

interface Details {
  fullName: string;
  email: string;
  phone: string;
  notes: string;
  blockOffers: boolean;
}
const grace: Details = { fullName: 'Grace Hopper', email: 'grace@example.com', phone: '(212) 555-0123', notes: 'Please use the side door', blockOffers: true };
const ada: Details = { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '(212) 555-0188', notes: 'First visit', blockOffers: false };

/**
 * A signed-out visitor at the booking form of a demo service business's last free start of its first
 * open day types their details and presses Book: the app sends them to /login.
 */
async function detourToLogin(viewport: typeof PHONE, details: Details) {
  const { page, context, consoleErrors } = await newPage(viewport);
  const { business, service } = await serviceBusiness(context.request, 2);
  const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
  const time = slots[slots.length - 1];
  await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${time}`);
  await page.getByText('You are not signed in.').waitFor();
  await page.getByLabel('Full name').fill(details.fullName);
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Phone').fill(details.phone);
  await page.getByLabel('Notes (optional)').fill(details.notes);
  if (details.blockOffers) await page.getByLabel('Block queue jump and move back offers for this appointment').check();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await toastTitled(page, 'Authentication Required').waitFor();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  return { page, context, consoleErrors, business, service, date, time };
}

/** The booking form holds what was typed before the detour. */
async function expectDetailsKept(page: Page, details: Details) {
  expect(await page.getByLabel('Full name').inputValue()).toBe(details.fullName);
  expect(await page.getByLabel('Email').inputValue()).toBe(details.email);
  expect(await page.getByLabel('Phone').inputValue()).toBe(details.phone);
  expect(await page.getByLabel('Notes (optional)').inputValue()).toBe(details.notes);
  expect(await page.getByLabel('Block queue jump and move back offers for this appointment').isChecked()).toBe(details.blockOffers);
}

describe('the login detour keeps what was typed', () => {
  for (const [width, viewport] of [['phone', PHONE]] as const) {
    it(`an appointment: name, e-mail, phone, notes and block-offers come back after login, and are gone once booked (${width})`, async () => {
      const { page, context, consoleErrors, business, service, date, time } = await detourToLogin(viewport, grace);

      await page.getByLabel('Username').fill('bob');
      await page.getByLabel('Password').fill('password123');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await expectDetailsKept(page, grace);
      if (width === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `login-detour-details-${width}`);

      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await page.getByRole('heading', { name: 'Appointment Booked!' }).waitFor();
      const mine = await getJson<{ customerName: string; notes: string; blockOffers: boolean; date: string; time: string }[]>(context.request, '/api/appointments');
      expect(mine.find((a) => a.date === date && a.time === time)).toMatchObject({ customerName: 'Grace Hopper', notes: 'Please use the side door', blockOffers: true });

      // Booked: the draft is gone; the next booking starts from bob's profile (never from his username),
      // which a booking fills only while it is empty, and the account's e-mail, with no notes.
      expect(await page.evaluate((id) => sessionStorage.getItem(`que:booking-draft:${id}`), business.id)).toBeNull();
      await page.getByRole('button', { name: 'Book Another Appointment' }).click();
      await page.getByRole('button', { name: new RegExp(service.name) }).first().click();
      const next = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, date);
      await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${next.date}&time=${next.slots[0]}`);
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      const profile = await getJson<{ fullName: string | null }>(context.request, '/api/user');
      expect(profile.fullName).toBeTruthy();
      expect(await page.getByLabel('Full name').inputValue()).toBe(profile.fullName);
      expect(await page.getByLabel('Full name').inputValue()).not.toBe('bob');
      expect(await page.getByLabel('Email').inputValue()).toBe('bob@example.com');
      expect(await page.getByLabel('Notes (optional)').inputValue()).toBe('');
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`a new customer creates an account on the detour and comes back to the booking with everything kept (${width})`, async () => {
      const { page, context, consoleErrors, date, time } = await detourToLogin(viewport, ada);
      await page.getByRole('button', { name: 'Create an account' }).click();
      const username = uniqueName('ada');
      await page.locator('#detour-signup-username').fill(username);
      await page.locator('#detour-signup-email').fill(`${username}@example.com`);
      await page.locator('#detour-signup-password').fill('plum-orchard-42');
      await page.locator('#detour-signup-confirmPassword').fill('plum-orchard-42');
      if (width === 'phone') await expectNoHorizontalScroll(page);
      await shot(page, `login-detour-signup-${width}`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      await expectDetailsKept(page, ada);
      expect(await page.getByTestId('signed-in-user').textContent()).toBe(username);
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await page.getByRole('heading', { name: 'Appointment Booked!' }).waitFor();
      const mine = await getJson<{ customerName: string; date: string; time: string }[]>(context.request, '/api/appointments');
      expect(mine).toMatchObject([{ customerName: 'Ada Lovelace', date, time }]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
