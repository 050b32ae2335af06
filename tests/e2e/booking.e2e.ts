import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { Business } from '../../src/contract/businesses';
import type { Service } from '../../src/contract/services';
import { addDays, formatTime12h } from '../../src/contract/time';
import { DESKTOP, newPage, PHONE, screenshot, screenshotDir, signIn, useBrowser } from './support/browser';

useBrowser();

const toastTitled = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
const re = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const today = () => new Date().toISOString().slice(0, 10);
/** Today in a business's own time zone, which is what its calendar allows from. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const longDate = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** A modal sits over the viewport, so it is captured as the viewport shows it, not full-page. */
async function dialogShot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** axe-core finds nothing serious or critical on the page as it is now (DESIGN section 8). */
async function expectAccessible(page: Page) {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} – ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The first day from `from` on (up to 30 days) with free slots, and those slots. */
async function findOpenDay(request: APIRequestContext, query: Record<string, string | number>, from = addDays(today(), 1)) {
  for (let i = 0; i < 30; i++) {
    const date = addDays(from, i);
    const params = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), date });
    const slots = await getJson<string[]>(request, `/api/available-slots?${params}`);
    if (slots.length > 0) return { date, slots };
  }
  throw new Error(`no open day for ${JSON.stringify(query)}`);
}

/** Clicks a day in the calendar, paging forward a month when the day is not shown yet. */
async function pickDate(page: Page, date: string, scope = page.locator('body')) {
  const day = scope.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) await scope.getByRole('button', { name: 'Next month' }).click();
  await day.click();
}

async function serviceBusiness(request: APIRequestContext, index = 0) {
  const businesses = await getJson<Business[]>(request, '/api/businesses?type=service');
  const business = businesses[index % businesses.length];
  const services = await getJson<Service[]>(request, `/api/businesses/${business.id}/services`);
  return { business, service: services[0], services };
}

describe('appointment booking', () => {
  for (const [name, viewport, index] of [['desktop', DESKTOP, 0], ['phone', PHONE, 1]] as const) {
    it(`books through all four steps (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'alice');
      const { business, service, services } = await serviceBusiness(context.request, index);
      const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });

      await page.goto(`/book/${business.id}`);
      await page.getByRole('heading', { name: business.businessName }).waitFor();
      // Step 1: every service with its price and duration.
      for (const s of services) await page.getByRole('button', { name: re(s.name) }).first().waitFor();
      await page.getByText(`${service.duration} minutes`).first().waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `booking-step1-service-${name}`);
      await page.getByRole('button', { name: re(service.name) }).first().click();

      // Step 2: the calendar allows today .. today+30 only; 'Change service' goes back.
      await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
      const yesterday = page.locator(`[data-date="${addDays(todayIn(business.timeZone), -1)}"]`);
      expect((await yesterday.count()) === 0 || (await yesterday.getAttribute('aria-disabled')) === 'true').toBe(true);
      const beyond = page.locator(`[data-date="${addDays(todayIn(business.timeZone), 31)}"]`);
      const nextMonth = page.getByRole('button', { name: 'Next month' });
      for (let i = 0; i < 2 && !(await beyond.isVisible()) && (await nextMonth.isEnabled()); i++) await nextMonth.click();
      expect((await beyond.count()) === 0 || (await beyond.getAttribute('aria-disabled')) === 'true').toBe(true);
      await page.getByRole('button', { name: 'Change service' }).click();
      await page.getByRole('heading', { name: 'Select a service' }).waitFor();
      await page.getByRole('button', { name: re(service.name) }).first().click();
      await pickDate(page, date);
      await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).click();
      await page.getByText(`${longDate(date)} at ${formatTime12h(slots[0])}`).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `booking-step2-datetime-${name}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 3: contact details are validated with the shared schema; name and e-mail are prefilled.
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      expect(await page.getByLabel('Full name').inputValue()).toBe('alice');
      expect(await page.getByLabel('Email').inputValue()).toBe('alice@example.com');
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await page.getByText('Phone is required').waitFor();
      await page.getByLabel('Full name').fill('Alice Example');
      await page.getByLabel('Phone').fill('555-0100');
      await page.getByLabel('Notes (optional)').fill('First visit');
      await page.getByLabel('Block queue jump and move back offers for this appointment').check();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `booking-step3-details-${name}`);
      await page.getByRole('button', { name: 'Book Appointment' }).click();

      // Step 4: confirmation with service, date, time, duration and price.
      await toastTitled(page, 'Appointment Booked!').waitFor();
      const confirmation = page.getByRole('region', { name: 'Appointment Booked!' });
      await confirmation.waitFor();
      for (const text of [service.name, longDate(date), formatTime12h(slots[0]), `${service.duration} minutes`]) await confirmation.getByText(text, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Browse More Businesses' }).getAttribute('href')).toBe('/businesses');
      await expectAccessible(page);
      await shot(page, `booking-step4-confirmation-${name}`);

      const mine = await getJson<Appointment[]>(context.request, '/api/appointments');
      const booked = mine.find((a) => a.businessId === business.id && a.date === date && a.time === slots[0]);
      expect(booked).toMatchObject({ status: 'confirmed', blockOffers: true, notes: 'First visit', customerName: 'Alice Example', customerPhone: '555-0100' });

      // 'Book Another Appointment' starts over with nothing chosen.
      await page.getByRole('button', { name: 'Book Another Appointment' }).click();
      await page.getByRole('heading', { name: 'Select a service' }).waitFor();
      expect(await page.locator('[aria-pressed="true"]').count()).toBe(0);
      // The slot just booked is no longer offered.
      await page.getByRole('button', { name: re(service.name) }).first().click();
      await pickDate(page, date);
      await page.getByRole('group', { name: 'Available times' }).or(page.getByText('No available slots for this date')).first().waitFor();
      expect(await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('opens a prefilled /book-appointment link at the details step and books it', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await signIn(page, 'alice');
    const { business, services } = await serviceBusiness(context.request, 2);
    const service = services[services.length - 1];
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    const time = slots[slots.length - 1];

    // Only a date: the service is chosen and the flow waits on the time.
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
    expect(await page.locator(`[data-date="${date}"]`).getAttribute('aria-pressed')).toBe('true');
    // The calendar works from the keyboard: arrows move between days, Enter picks one.
    await page.locator(`[data-date="${date}"]`).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`[data-date="${addDays(date, -1)}"]`).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`[data-date="${date}"]`).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: formatTime12h(time), exact: true }).waitFor();

    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${time}`);
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    for (const text of [service.name, longDate(date), formatTime12h(time)]) await page.getByText(text, { exact: true }).first().waitFor();
    await shot(page, 'booking-prefilled-desktop');
    await page.getByLabel('Phone').fill('555-0101');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await toastTitled(page, 'Appointment Booked!').waitFor();
    await page.getByRole('region', { name: 'Appointment Booked!' }).getByText(formatTime12h(time), { exact: true }).waitFor();

    // The same link again: the slot is gone, so booking fails with the server's words and the
    // visitor is back at the (refreshed) slot list.
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${time}`);
    await page.getByLabel('Phone').fill('555-0101');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await toastTitled(page, 'Booking Failed').waitFor();
    await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
    await page.getByRole('group', { name: 'Available times' }).or(page.getByText('No available slots for this date')).first().waitFor();
    expect(await page.getByRole('button', { name: formatTime12h(time), exact: true }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('asks a signed-out visitor to log in and brings them back to their choice', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const { business, service } = await serviceBusiness(context.request, 3);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${slots[0]}`);
    await page.getByText('You are not signed in.').waitFor();
    await page.getByLabel('Full name').fill('Guest');
    await page.getByLabel('Email').fill('guest@example.com');
    await page.getByLabel('Phone').fill('555');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await toastTitled(page, 'Authentication Required').filter({ hasText: 'Please log in to book an appointment.' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    const redirect = new URL(new URL(page.url()).searchParams.get('redirect') ?? '', 'http://x');
    expect(redirect.pathname).toBe('/book-appointment');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ businessId: String(business.id), serviceId: String(service.id), date, time: slots[0] });

    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says so for an unknown business and for a day without slots', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/book/999999');
    await page.getByText('Business not found.').waitFor();
    await page.goto('/book/abc');
    await page.getByText('Business not found.').waitFor();

    // A blocked-out day: the owner's closed weekend day gives no slots.
    const { business, service } = await serviceBusiness(context.request, 0);
    let closed = '';
    for (let i = 1; i < 14 && !closed; i++) {
      const date = addDays(today(), i);
      const slots = await getJson<string[]>(context.request, `/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
      if (slots.length === 0) closed = date;
    }
    expect(closed).not.toBe('');
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${closed}`);
    await page.getByText('No available slots for this date').waitFor();
    expect(await page.getByRole('link', { name: 'Skip the line' }).getAttribute('href')).toBe('/quick-booking');
    await page.getByText('Want an earlier time?').waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'booking-no-slots-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('restaurant booking', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`reserves a table in three steps (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, name === 'desktop' ? 'alice' : 'bob');
      const [restaurant] = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).filter((r) => r.description);
      const partySize = 4;
      const { date, slots } = await findOpenDay(context.request, { businessId: restaurant.id, partySize });
      const time = slots[name === 'desktop' ? 0 : 1];

      await page.goto(`/restaurant/${restaurant.id}`);
      await page.getByRole('heading', { name: restaurant.businessName }).waitFor();
      await page.getByText(`Up to ${restaurant.maxPartySize} guests`).waitFor();
      if (restaurant.cuisineType) await page.getByText(restaurant.cuisineType, { exact: true }).waitFor();
      await pickDate(page, date);
      await page.getByLabel('Party size', { exact: true }).selectOption(String(partySize));
      await page.getByRole('button', { name: formatTime12h(time), exact: true }).click();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `restaurant-step1-${name}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
      expect(await page.getByLabel('Party size', { exact: true }).inputValue()).toBe(String(partySize));
      expect((await page.getByLabel('Party size', { exact: true }).locator('option').allTextContents()).length).toBe(restaurant.maxPartySize);
      await page.getByLabel('Full name').fill('Table Guest');
      await page.getByLabel('Phone').fill('555-0199');
      await page.getByLabel('Seating preference (optional)').selectOption('window');
      await page.getByLabel('Occasion (optional)').selectOption('birthday');
      await page.getByLabel('Dietary restrictions (optional)').fill('vegetarian');
      await page.getByLabel('Special requests (optional)').fill('Candles please');
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `restaurant-step2-${name}`);
      await page.getByRole('button', { name: 'Confirm Reservation' }).click();

      await toastTitled(page, 'Reservation Confirmed!').waitFor();
      const confirmation = page.getByRole('region', { name: 'Reservation Confirmed!' });
      for (const text of [restaurant.businessName, longDate(date), formatTime12h(time), `${partySize} guests`, `${restaurant.reservationDuration} minutes`]) {
        await confirmation.getByText(text, { exact: true }).waitFor();
      }
      await expectAccessible(page);
      await shot(page, `restaurant-step3-${name}`);
      const mine = await getJson<Appointment[]>(context.request, '/api/appointments');
      const me = await getJson<{ id: number }>(context.request, '/api/user');
      expect(mine.find((a) => a.businessId === restaurant.id && a.date === date && a.time === time)).toMatchObject({
        customerId: me.id, partySize, seatingPreference: 'window', occasionType: 'birthday', dietaryRestrictions: 'vegetarian', notes: 'Candles please', customerName: 'Table Guest',
      });

      await page.getByRole('button', { name: 'Make Another Reservation' }).click();
      await page.getByRole('heading', { name: 'Choose date, party size and time' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('opens at the details step from a date and time link, and reports bad ids', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const [, restaurant] = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).filter((r) => r.description);
    const { date, slots } = await findOpenDay(context.request, { businessId: restaurant.id, partySize: 2 });
    await page.goto(`/restaurant/${restaurant.id}?date=${date}&time=${slots[0]}`);
    await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
    await page.getByText(formatTime12h(slots[0]), { exact: true }).waitFor();
    // Signed out: the same sign-in requirement as appointments.
    await page.getByLabel('Full name').fill('Guest');
    await page.getByLabel('Email').fill('guest@example.com');
    await page.getByLabel('Phone').fill('555');
    await page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await toastTitled(page, 'Authentication Required').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

    await page.goto('/restaurant/0');
    await page.getByText('Invalid restaurant ID').waitFor();
    await page.goto('/restaurant/abc');
    await page.getByText('Invalid restaurant ID').waitFor();
    await page.goto('/restaurant/999999');
    await page.getByText('Restaurant not found').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('quick booking', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`lists the earliest slots and opens one prefilled (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await page.goto('/quick-booking');
      await page.getByRole('heading', { name: 'Earliest Available Appointments' }).waitFor();
      const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
      await cards.first().waitFor();
      expect(await page.getByText('Earliest', { exact: true }).count()).toBe(1);
      expect(await cards.first().getByText('Earliest', { exact: true }).count()).toBe(1);
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `quick-booking-${name}`);
      const href = (await cards.first().getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/(restaurant\/\d+\?date=\d{4}-\d{2}-\d{2}&time=\d{2}%3A\d{2}|book-appointment\?businessId=\d+&serviceId=\d+&date=[\d-]+&time=\d{2}%3A\d{2})$/);
      await cards.first().click();
      await page.getByRole('heading', { name: /Reservation details|Your details/ }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('my appointments', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`reschedules and cancels an appointment (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'bob');
      const { business, service } = await serviceBusiness(context.request, name === 'desktop' ? 1 : 2);
      const first = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
      const created = await context.request.post('/api/appointments', {
        data: { businessId: business.id, serviceId: service.id, date: first.date, time: first.slots[0], customerName: 'Bob B', customerEmail: 'bob@example.com', customerPhone: '555-0200', notes: `Window seat ${name}`, blockOffers: true },
      });
      expect(created.status(), await created.text()).toBe(201);
      const appointment = (await created.json()) as Appointment;

      await page.goto('/appointments');
      await page.getByRole('heading', { name: 'My Appointments' }).waitFor();
      expect(await page.getByRole('link', { name: 'Book New Appointment' }).getAttribute('href')).toBe('/businesses');
      await page.getByText('Que Credit', { exact: true }).waitFor();
      await page.getByTestId('credit-balance').waitFor();
      const card = page.getByTestId('appointment-card').filter({ hasText: longDate(first.date) }).filter({ hasText: formatTime12h(first.slots[0]) }).filter({ hasText: `Window seat ${name}` });
      await card.waitFor();
      await card.getByText('Offers Blocked - Protected time slot').waitFor();
      await card.getByText(`Window seat ${name}`).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `appointments-list-${name}`);

      // Reschedule to another free slot; Escape closes the dialog first.
      await card.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: 'Reschedule' }).click();
      const next = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, addDays(first.date, 1));
      await pickDate(page, next.date, dialog);
      await dialog.getByRole('button', { name: formatTime12h(next.slots[0]), exact: true }).click();
      await dialog.getByText(formatTime12h(next.slots[0])).last().waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await dialogShot(page, `appointments-reschedule-${name}`);
      await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
      await toastTitled(page, 'Appointment Rescheduled').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const moved = page.getByTestId('appointment-card').filter({ hasText: longDate(next.date) }).filter({ hasText: `Window seat ${name}` });
      await moved.waitFor();
      const after = await getJson<Appointment[]>(context.request, '/api/appointments');
      expect(after.find((a) => a.id === appointment.id)).toMatchObject({ date: next.date, time: next.slots[0] });

      // Cancel asks first; afterwards every action is disabled.
      await moved.getByRole('button', { name: 'Cancel' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
      await confirm.getByRole('button', { name: 'Keep Appointment' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await moved.getByRole('button', { name: 'Cancel' }).click();
      await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
      await toastTitled(page, 'Appointment Cancelled').waitFor();
      const cancelled = page.getByTestId('appointment-card').filter({ hasText: longDate(next.date) }).filter({ hasText: `Window seat ${name}` }).filter({ hasText: 'cancelled' });
      await cancelled.waitFor();
      expect(await cancelled.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);
      expect(await cancelled.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);

      // Filters: by status and by date.
      await page.getByLabel('Status').selectOption('confirmed');
      expect(await page.getByTestId('appointment-card').filter({ hasText: 'cancelled' }).count()).toBe(0);
      await page.getByLabel('Status').selectOption('cancelled');
      await cancelled.waitFor();
      await page.getByLabel('Date').fill(addDays(today(), 400));
      await page.getByText('No appointments match these filters').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await cancelled.waitFor();
      await expectAccessible(page);
      await shot(page, `appointments-after-cancel-${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('shows the credit history and an empty state for a new customer', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = `cust${Date.now().toString(36)}`;
    const registered = await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'password123', userType: 'customer' } });
    expect(registered.status()).toBe(201);
    await page.goto('/appointments');
    await page.getByText('No appointments yet').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Businesses' }).getAttribute('href')).toBe('/businesses');
    await page.getByText('No credit transactions yet').waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'appointments-empty-phone');

    // A booking earns $1.00 of Que Credit, shown in the history.
    const { business, service } = await serviceBusiness(context.request, 4);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    const created = await context.request.post('/api/appointments', {
      data: { businessId: business.id, serviceId: service.id, date, time: slots[0], customerName: username, customerEmail: `${username}@example.com`, customerPhone: '555' },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    await page.getByTestId('appointment-card').waitFor();
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('$1.00');
    await page.getByText('+$1.00').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
