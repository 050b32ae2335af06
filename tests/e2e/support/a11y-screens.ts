import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Business } from '../../../src/contract/businesses';
import type { Service } from '../../../src/contract/services';
import { book, cardOffer, farDay, findOpenDay, getJson, newRestaurant, quietDay, register } from './api';
import { newPage } from './browser';

// The screens the every-screen sweep (a11y-support.ts) visits for each kind of visitor, and how each
// visitor is signed in and given something to see (an offer waiting for the customer).

export interface Screen {
  name: string;
  url: string;
  title: string;
  /** What shows once the screen has loaded (default: its first h1). */
  ready?: (page: Page) => Promise<unknown>;
  /** Opens a dialog or popover after loading; axe then checks the page with it open. */
  open?: (page: Page) => Promise<unknown>;
}

export type Who = 'signed out' | 'customer' | 'owner' | 'restaurant owner';

/**
 * The one screen per kind of visitor that `npm test` sweeps: the busiest form or page each one sees.
 * A11Y_SWEEP=all (npm run test:deep) sweeps every screen below.
 */
export const QUICK_SCREEN: Record<Who, string> = {
  'signed out': 'booking-details',
  customer: 'appointments',
  owner: 'dashboard-appointments',
  'restaurant owner': 'time-slot-dialog',
};

/** Signs the page's context in: a fresh customer, the demo owner, or a new restaurant owner with a new restaurant. */
export async function signInAs(who: Who, context: BrowserContext) {
  const { request } = context;
  if (who === 'owner') {
    const res = await request.post('/api/login', { data: { username: 'owner', password: 'password123' } });
    expect(res.status(), await res.text()).toBe(200);
    return;
  }
  if (who === 'customer') await register(request, 'cust');
  else await newRestaurant(request);
}

/** Another customer books `slot` and offers $25 by test card for `toAppointmentId`. */
async function offerFromAnotherCustomer(toAppointmentId: number, slot: Record<string, unknown>) {
  const { context } = await newPage();
  await signInAs('customer', context);
  const from = await book(context.request, slot);
  await cardOffer(context.request, from.id, toAppointmentId);
  await context.close();
}

/** Clicks the first button so named and waits for the dialog (or popover) it opens. */
const opensDialog = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).first().click();
  await page.getByRole('dialog').first().waitFor();
};

/** The screens to check for `who`; the set-up a screen needs (an offer waiting) is made only when `wanted`. */
export async function screensFor(who: Who, context: BrowserContext, wanted: (name: string) => boolean = () => true): Promise<Screen[]> {
  const request = context.request;
  // By name: the directory is paged, and other journeys add businesses to the same server.
  const named = async (name: string) =>
    (await getJson<Business[]>(request, `/api/businesses?q=${encodeURIComponent(name)}&limit=100`)).find((b) => b.businessName === name)!;
  const barber = await named('Downtown Barber Co.');
  const trattoria = await named('Trattoria Bella');
  const [haircut] = await getJson<Service[]>(request, `/api/businesses/${barber.id}/services`);
  const openDay = await findOpenDay(request, { businessId: barber.id, serviceId: haircut.id });
  const table = await findOpenDay(request, { businessId: trattoria.id, partySize: 2 });
  const h1 = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();
  const booking: Screen[] = [
    { name: 'booking', url: `/book/${barber.id}`, title: `Book an appointment – ${barber.businessName} – Que`, ready: (p) => p.getByRole('heading', { name: /select a service/i }).waitFor() },
    { name: 'booking-date-time', url: `/book-appointment?businessId=${barber.id}&serviceId=${haircut.id}`, title: `Book ${haircut.name} – ${barber.businessName} – Que`, ready: (p) => p.getByRole('heading', { level: 2, name: /date/i }).waitFor() },
    { name: 'restaurant-booking', url: `/restaurant/${trattoria.id}`, title: `Reserve a table – ${trattoria.businessName} – Que`, ready: h1(trattoria.businessName) },
    { name: 'booking-details', url: `/book-appointment?${new URLSearchParams({ businessId: String(barber.id), serviceId: String(haircut.id), date: openDay.date, time: openDay.slots[0] })}`, title: `Book ${haircut.name} – ${barber.businessName} – Que`, ready: (p) => p.getByRole('heading', { name: 'Your details' }).waitFor() },
    { name: 'restaurant-details', url: `/restaurant/${trattoria.id}?${new URLSearchParams({ date: table.date, time: table.slots[0] })}`, title: `Reserve a table – ${trattoria.businessName} – Que`, ready: (p) => p.getByRole('heading', { name: 'Reservation details' }).waitFor() },
  ];
  const directory: Screen[] = [
    { name: 'home', url: '/', title: 'Book, reserve, skip the line – Que' },
    { name: 'directory', url: '/businesses', title: 'Businesses – Que', ready: (p) => p.getByRole('link', { name: /Book Appointment/ }).first().waitFor() },
    { name: 'restaurant-directory', url: '/restaurant-booking', title: 'Book a Reservation – Que', ready: (p) => p.getByRole('link', { name: /Make Reservation/ }).first().waitFor() },
    { name: 'quick-booking', url: '/quick-booking', title: 'Earliest Available Appointments – Que', ready: (p) => p.getByTestId('earliest-card').first().waitFor() },
    { name: 'not-found', url: '/no-such-page', title: '404 Page Not Found – Que' },
  ];
  if (who === 'signed out') {
    return [
      ...directory,
      ...booking,
      { name: 'login', url: '/login', title: 'Sign in – Que' },
      { name: 'register-business', url: '/business-register', title: 'Register Business – Que' },
      { name: 'register-restaurant', url: '/restaurant-register', title: 'Register Restaurant – Que' },
      { name: 'appointments', url: '/appointments', title: 'My Appointments – Que' },
      // A reminder e-mail's link (DESIGN section 11), opened signed out; a made-up token shows its "not valid" page.
      { name: 'reminder-link', url: '/reminder-link/1.confirm.1.not-signed', title: 'Your appointment – Que', ready: h1('This link is not valid') },
    ];
  }
  const signedIn: Screen[] = [
    { name: 'appointments', url: '/appointments', title: 'My Appointments – Que', ready: (p) => p.getByRole('heading', { name: 'My Appointments', level: 1 }).waitFor() },
    { name: 'notifications', url: '/appointments', title: 'My Appointments – Que', open: opensDialog(/^Notifications/) },
    { name: 'queue-dashboard', url: '/queue-dashboard', title: 'Queue Dashboard – Que' },
    { name: 'profile', url: '/account', title: 'Your profile – Que' },
  ];
  const withOffer = ['offers-and-wallet', 'negotiate-dialog', 'reschedule-dialog', 'move-back-dialog', 'skip-the-line-dialog'];
  if (who === 'customer' && !withOffer.some(wanted)) return [...directory, ...booking, ...signedIn];
  if (who === 'customer') {
    // The customer holds the first slot of a quiet day; another customer, two slots later, offers to swap.
    // The customer's second appointment, later still, is what Skip the line can offer for (it is shown
    // only where an offer can work: someone else's earlier appointment that day).
    const { date, slots } = await quietDay(request, barber.id, haircut.id, farDay(10), 5);
    const mine = await book(request, { businessId: barber.id, serviceId: haircut.id, date, time: slots[0] });
    await book(request, { businessId: barber.id, serviceId: haircut.id, date, time: slots[4] });
    await offerFromAnotherCustomer(mine.id, { businessId: barber.id, serviceId: haircut.id, date, time: slots[2] });
    const appointments = (name: string, open: Screen['open']): Screen => ({ name, url: '/appointments', title: 'My Appointments – Que', ready: (p) => p.getByTestId('offer-card').first().waitFor(), open });
    return [
      ...directory,
      ...booking,
      ...signedIn,
      appointments('offers-and-wallet', undefined),
      appointments('negotiate-dialog', opensDialog('Negotiate')),
      appointments('reschedule-dialog', opensDialog('Reschedule')),
      appointments('move-back-dialog', opensDialog('Move Back')),
      {
        name: 'skip-the-line-dialog',
        url: `/book-appointment?businessId=${barber.id}&serviceId=${haircut.id}&date=${date}`,
        title: `Book ${haircut.name} – ${barber.businessName} – Que`,
        ready: (p) => p.getByText('Want an earlier time?').waitFor(),
        open: opensDialog('Skip the line'),
      },
      {
        name: 'mobile-menu',
        url: '/businesses',
        title: 'Businesses – Que',
        async open(p) {
          const button = p.getByRole('button', { name: 'Open menu' });
          if (!(await button.isVisible())) return; // a wide screen shows the links in the header
          await button.click();
          await p.locator('#mobile-menu').waitFor();
        },
      },
    ];
  }
  const dashboard = (tab: string, label: string): Screen => ({ name: `dashboard-${tab}`, url: `/business-dashboard?tab=${tab}`, title: 'Business Dashboard – Que', ready: (p) => p.getByRole('tab', { name: label, selected: true }).waitFor() });
  const tabs = [dashboard('services', 'Services'), dashboard('queue', "Today's queue"), dashboard('appointments', 'Appointments'), dashboard('availability', 'Availability'), dashboard('settings', 'Settings')];
  const serviceDialog = { ...dashboard('services', 'Services'), name: 'service-dialog', open: opensDialog('Add Service') };
  // Staff members are a service business's alone (DESIGN section 9): no such tab for a restaurant.
  const staff = [dashboard('staff', 'Staff'), { ...dashboard('staff', 'Staff'), name: 'staff-dialog', open: opensDialog('Add member') }];
  if (who === 'owner') return [...tabs, ...staff, serviceDialog, ...signedIn, { name: 'login-signed-in', url: '/login', title: 'Sign in – Que' }];
  return [
    ...tabs,
    dashboard('time-slots', 'Time Slots'),
    { ...dashboard('time-slots', 'Time Slots'), name: 'time-slot-dialog', open: opensDialog(/Add Time Slot/) },
  ];
}
