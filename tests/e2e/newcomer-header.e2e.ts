import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoHorizontalScroll, findOpenDay, serviceBusiness, shot, toastTitled } from './booking-support';
import { book, newCustomer } from './offers-support';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';

useBrowser();

// Issue 9: every header link is shown to everyone (SPEC), and each lands somewhere that makes sense to whoever follows it.

type Persona = 'visitor' | 'customer' | 'owner';
const WIDTHS = [['desktop', DESKTOP], ['phone', PHONE]] as const;

/** Follows a header link the way a person would: the desktop nav, or the mobile menu at 375 px. */
async function followHeaderLink(page: Page, label: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: label, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  }
}

const path = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/** What each persona must find behind each header link. */
const DESTINATIONS: { label: string; check: (page: Page, who: Persona) => Promise<void> }[] = [
  { label: 'Home', check: (page) => heading(page, /Your time is worth more/) },
  { label: 'Businesses', check: (page) => heading(page, 'Find a Business') },
  {
    label: 'My Appointments',
    async check(page, who) {
      await heading(page, 'My Appointments');
      if (who === 'visitor') await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      if (who === 'owner') {
        const note = page.getByTestId('business-account-note');
        await note.getByText('a business account. This page lists the bookings you made yourself').waitFor();
        expect(await note.getByRole('link', { name: 'Business appointments' }).getAttribute('href')).toBe('/business-dashboard?tab=appointments');
      }
      if (who === 'customer') expect(await page.getByTestId('business-account-note').count()).toBe(0);
    },
  },
  {
    label: 'Queue',
    async check(page, who) {
      if (who === 'visitor') {
        await expect.poll(() => path(page)).toBe('/login');
        await heading(page, 'Welcome back');
      } else await heading(page, 'Queue Dashboard');
    },
  },
  {
    label: 'Dashboard',
    async check(page, who) {
      if (who === 'owner') return heading(page, 'Downtown Barber Co.');
      await expect.poll(() => path(page)).toBe('/login');
      if (who === 'visitor') {
        await heading(page, 'Welcome back');
        await page.getByText('Sign in with your business account to open the business dashboard.').waitFor();
      } else {
        await heading(page, 'The dashboard is for business accounts');
        await page.getByText('Signed in as alice, a customer account.').waitFor();
        expect(await page.getByRole('link', { name: 'Register a business' }).getAttribute('href')).toBe('/business-register');
        expect(await page.getByLabel('Password').count()).toBe(0);
      }
    },
  },
  {
    label: 'Login',
    async check(page, who) {
      if (who === 'visitor') return heading(page, 'Welcome back');
      await heading(page, "You're signed in");
      await page.getByText(`Signed in as ${who === 'owner' ? 'owner, a business' : 'alice, a customer'} account.`).waitFor();
      expect(await page.getByLabel('Password').count()).toBe(0);
      const next = who === 'owner' ? 'Go to your dashboard' : 'My Appointments';
      await page.getByRole('main').getByRole('link', { name: next }).waitFor();
    },
  },
  {
    label: 'Register Business',
    async check(page, who) {
      await heading(page, 'Register your business');
      if (who === 'owner') await page.getByText('Your account already has a business.').waitFor();
      if (who === 'customer') await page.getByText('You are signed in as alice, a customer account.').waitFor();
    },
  },
  { label: 'Book Reservation', check: (page) => heading(page, 'Book a Reservation') },
  { label: 'Skip the Line', check: (page) => heading(page, 'Earliest Available Appointments') },
];

describe('header destinations', () => {
  for (const who of ['visitor', 'customer', 'owner'] as const) {
    for (const [width, viewport] of WIDTHS) {
      it(`every header link makes sense to a ${who} (${width})`, async () => {
        const { page, context, consoleErrors } = await newPage(viewport);
        if (who !== 'visitor') await signIn(page, who === 'owner' ? 'owner' : 'alice');
        await page.goto('/');
        // The header says who is signed in, at every width.
        if (who === 'visitor') expect(await page.getByTestId('signed-in-user').count()).toBe(0);
        else expect(await page.getByTestId('signed-in-user').textContent()).toBe(who === 'owner' ? 'owner' : 'alice');
        for (const { label, check } of DESTINATIONS) {
          await page.goto('/');
          await followHeaderLink(page, label, width === 'phone');
          await check(page, who);
          if (width === 'phone') await expectNoHorizontalScroll(page);
          if (['Login', 'Dashboard', 'My Appointments'].includes(label)) {
            await expectAccessible(page);
            await shot(page, `newcomer-header-${who}-${label.toLowerCase().replace(/ /g, '-')}-${width}`);
          }
        }
        expect(consoleErrors).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('signing out', () => {
  for (const [width, viewport] of WIDTHS) {
    it(`from a protected page lands on the home page with 'Signed out' (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'owner');
      await page.goto('/business-dashboard');
      await heading(page, 'Downtown Barber Co.');
      if (width === 'phone') {
        // The mobile sign-out says what it does, next to who is signed in.
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Mobile' });
        await menu.getByText('Signed in as owner').waitFor();
        await shot(page, 'newcomer-signout-menu-phone');
        await menu.getByRole('button', { name: 'Sign out' }).click();
      } else {
        await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      }
      await toastTitled(page, 'Signed out').waitFor();
      expect(path(page)).toBe('/');
      await heading(page, /Your time is worth more/);
      expect(await page.getByLabel('Password').count()).toBe(0);
      expect(await page.getByTestId('signed-in-user').count()).toBe(0);
      await shot(page, `newcomer-signed-out-${width}`);

      // The same from My Appointments as a customer, and from the queue dashboard.
      for (const from of ['/appointments', '/queue-dashboard']) {
        await signIn(page, 'alice');
        await page.goto(from);
        await heading(page, from === '/appointments' ? 'My Appointments' : 'Queue Dashboard');
        if (width === 'phone') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Sign out' }).click();
        } else await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
        await toastTitled(page, 'Signed out').waitFor();
        expect(path(page)).toBe('/');
        await expect.poll(() => page.getByTestId('signed-in-user').count()).toBe(0);
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('a session that ended elsewhere: the next request that fails says so and shows the signed-out view (phone)', async () => {
    const { page, context, consoleErrors } = await newCustomer('gone', PHONE);
    const { business, service } = await serviceBusiness(context.request);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await book(context.request, { businessId: business.id, serviceId: service.id, date, time: slots.at(-1) });
    await page.goto('/appointments');
    const card = page.getByTestId('appointment-card').first();
    await card.waitFor();
    // The session ends (expired, or 'sign out everywhere' on another device) while the page is open.
    await context.clearCookies();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Appointment' }).click();
    // It used to leave the header signed in over error cards whose 'Try again' could only fail again.
    await page.getByTestId('toast').filter({ hasText: /sign in/i }).waitFor();
    await expect.poll(() => page.getByTestId('signed-in-user').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: /sign in/i }).first().getAttribute('href')).toBe('/login?redirect=/appointments');
    expect(await page.getByText('Try again').count()).toBe(0);
    await shot(page, 'newcomer-session-ended-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("'Sign in with another account' on /login shows the form for the other account", async () => {
    const { page, context } = await newPage(DESKTOP);
    await signIn(page, 'alice');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with another account' }).click();
    await heading(page, 'Welcome back');
    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => path(page)).toBe('/appointments');
    expect(await page.getByTestId('signed-in-user').textContent()).toBe('bob');
    await context.close();
  });
});
