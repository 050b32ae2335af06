import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { book, findOpenDay, newCustomer, serviceBusiness } from './support/api';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, shot, toastTitled } from './support/page';

useBrowser();

// Each person's header shows what they can do (issue 27: no Login once signed in, no Dashboard for a
// customer, no Register Business for an account), and each link lands somewhere that makes sense to whoever
// follows it, through the desktop nav or the phone's menu. What each screen says to whom, the menu's
// Escape and the links' list are also component tests (src/web/components/layout/app-shell.test.tsx and
// the screens' own); here a person follows them through the real app.

type Persona = 'visitor' | 'customer' | 'owner';

/** Follows a header link the way a person would: the desktop nav, or the mobile menu at 375 px. */
async function followHeaderLink(page: Page, label: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: label, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  }
}

const phoneOrDesktopMenu = (page: Page, phone: boolean) => page.getByRole('navigation', { name: phone ? 'Mobile' : 'Main' });

/** The header's links for each person, in order (src/web/app/app-shell.tsx). */
const SHOWN: Record<Persona, string[]> = {
  visitor: ['Home', 'Businesses', 'Book Reservation', 'Skip the Line', 'Login', 'Register Business'],
  customer: ['Home', 'Businesses', 'Book Reservation', 'Skip the Line', 'My Appointments', 'Queue'],
  owner: ['Home', 'Dashboard', 'Businesses', 'Book Reservation', 'Skip the Line', 'My Appointments'],
};

const path = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/** What each persona must find behind each header link; `everyone` marks the pages that are the same for all. */
const DESTINATIONS: { label: string; everyone?: true; check: (page: Page, who: Persona) => Promise<void> }[] = [
  { label: 'Businesses', everyone: true, check: (page) => heading(page, 'Find a Business') },
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
  { label: 'Book Reservation', everyone: true, check: (page) => heading(page, 'Book a Reservation') },
  { label: 'Skip the Line', everyone: true, check: (page) => heading(page, 'Earliest Available Appointments') },
  { label: 'Home', everyone: true, check: (page) => heading(page, /Your time is worth more/) },
];

describe('header destinations', () => {
  // Each kind of visitor at one width, the phone's menu and the desktop nav both walked, link after link
  // from wherever the last one led (as a person does); the pages that are the same for everyone, once.
  const walks = [['visitor', 'phone', PHONE], ['customer', 'desktop', DESKTOP], ['owner', 'phone', PHONE]] as const;
  for (const [who, width, viewport] of walks) {
    it(`every header link makes sense to a ${who} (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      if (who !== 'visitor') await signIn(page, who === 'owner' ? 'owner' : 'alice');
      await page.goto('/');
      // The header says who is signed in, at every width.
      if (who === 'visitor') expect(await page.getByTestId('signed-in-user').count()).toBe(0);
      else expect(await page.getByTestId('signed-in-user').textContent()).toBe(who === 'owner' ? 'owner' : 'alice');
      const menu = phoneOrDesktopMenu(page, width === 'phone');
      if (width === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      const shown = await menu.getByRole('link').allTextContents();
      if (width === 'phone') await page.getByRole('button', { name: 'Close menu' }).click();
      expect(shown.filter((t) => t.trim() !== 'Profile')).toEqual(SHOWN[who]);
      for (const { label, everyone, check } of DESTINATIONS) {
        if ((everyone && who !== 'visitor') || !SHOWN[who].includes(label)) continue;
        await followHeaderLink(page, label, width === 'phone');
        await check(page, who);
        // The phone's menu closes once a link is followed.
        if (width === 'phone') {
          expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
          await expectNoHorizontalScroll(page);
        }
        if (['Login', 'Dashboard', 'My Appointments'].includes(label)) {
          await expectAccessible(page);
          await shot(page, `header-${who}-${label.toLowerCase().replace(/ /g, '-')}-${width}`);
        }
      }
      // The header stays at the top of a long page.
      await page.goto('/businesses');
      await page.getByTestId('business-card').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect((await page.locator('header').boundingBox())?.y).toBe(0);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('a skip link leads past the header, and a new booking step takes the focus', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const focused = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);
    const { business, service } = await serviceBusiness(context.request);
    await page.goto(`/book/${business.id}`);
    await page.getByRole('heading', { name: 'Select a service' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('A Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.getByRole('button', { name: new RegExp(service.name) }).first().click();
    await expect.poll(focused).toBe('H2 Select date and time');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("each person's menu", () => {
  it('shows what that person can do and nothing else, at 375 px (phone menu) and 1280 px (header)', async () => {
    for (const who of ['visitor', 'customer', 'owner'] as const) {
      const { page, context, consoleErrors } = await newPage(PHONE);
      if (who !== 'visitor') await signIn(page, who === 'owner' ? 'owner' : 'alice');
      await page.goto('/');
      if (who !== 'visitor') await page.getByTestId('signed-in-user').waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const texts = async (phone: boolean) => (await phoneOrDesktopMenu(page, phone).getByRole('link').allTextContents()).map((t) => t.trim()).filter((t) => t !== 'Profile');
      expect(await texts(true)).toEqual(SHOWN[who]);
      await shot(page, `menu-${who}-phone`);
      await page.setViewportSize(DESKTOP);
      expect(await texts(false)).toEqual(SHOWN[who]);
      await shot(page, `menu-${who}-desktop`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});

describe('signing out', () => {
  it("from a protected page lands on the home page with 'Signed out', through the phone's menu and the desktop header", async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await signIn(page, 'owner');
    await page.goto('/business-dashboard');
    await heading(page, 'Downtown Barber Co.');
    // The phone's sign-out says what it does, next to who is signed in.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByText('Signed in as owner').waitFor();
    await shot(page, 'signout-menu-phone');
    await menu.getByRole('button', { name: 'Sign out' }).click();
    await toastTitled(page, 'Signed out').waitFor();
    expect(path(page)).toBe('/');
    await heading(page, /Your time is worth more/);
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByTestId('signed-in-user').count()).toBe(0);
    await shot(page, 'signed-out-phone');

    // The same from My Appointments as a customer, and from the queue dashboard, on a wide screen.
    await page.setViewportSize(DESKTOP);
    for (const from of ['/appointments', '/queue-dashboard']) {
      await signIn(page, 'alice');
      await page.goto(from);
      await heading(page, from === '/appointments' ? 'My Appointments' : 'Queue Dashboard');
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await toastTitled(page, 'Signed out').waitFor();
      expect(path(page)).toBe('/');
      await expect.poll(() => page.getByTestId('signed-in-user').count()).toBe(0);
      await shot(page, `signed-out-desktop-from-${from.slice(1)}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a session that ended elsewhere: the next request that fails says so and shows the signed-out view (phone)', async () => {
    const { page, context, consoleErrors } = await newCustomer('gone', PHONE);
    const { business, service } = await serviceBusiness(context.request);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await book(context.request, { businessId: business.id, serviceId: service.id, date, time: slots.at(-1) });
    // The tab's live socket refetches what was read before it opened (live-socket.ts): that settles
    // first, so the request meeting the ended session is the cancel dialog's below.
    const inFlight = new Set<unknown>();
    page.on('request', (r) => r.url().includes('/api/') && inFlight.add(r));
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
    const socket = page.waitForEvent('websocket');
    await page.goto('/appointments');
    const card = page.getByTestId('appointment-card').first();
    await card.waitFor();
    await socket;
    await expect.poll(async () => {
      const before = inFlight.size;
      await page.waitForTimeout(500);
      return before + inFlight.size;
    }).toBe(0);
    // The session ends (expired, or 'sign out everywhere' on another device) while the page is open.
    await context.clearCookies();
    // Opening the cancel dialog reads the offers tied to the appointment: that is the request that fails.
    await card.getByRole('button', { name: 'Cancel' }).click();
    // It used to leave the header signed in over error cards whose 'Try again' could only fail again.
    await page.getByTestId('toast').filter({ hasText: /sign in/i }).waitFor();
    await expect.poll(() => page.getByTestId('signed-in-user').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: /sign in/i }).first().getAttribute('href')).toBe('/login?redirect=/appointments');
    expect(await page.getByText('Try again').count()).toBe(0);
    await shot(page, 'session-ended-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
