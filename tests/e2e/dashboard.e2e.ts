import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { User } from '../../src/contract/auth';
import type { Business } from '../../src/contract/businesses';
import type { Service } from '../../src/contract/services';
import { addDays, formatTime12h } from '../../src/contract/time';
import { DESKTOP, newPage, PHONE, screenshot, screenshotDir, signIn, uniqueName, useBrowser } from './support/browser';

useBrowser();

const toastTitled = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
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

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
}

async function pickDate(page: Page, date: string) {
  const day = page.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) await page.getByRole('button', { name: 'Next month' }).click();
  await day.click();
}

/** Signs the owner in and opens the dashboard; returns the owner's business. */
async function openOwnerDashboard(page: Page, request: APIRequestContext) {
  await signIn(page, 'owner');
  const me = await getJson<User>(request, '/api/user');
  const business = await getJson<Business>(request, `/api/businesses/${me.businessId}`);
  await page.goto('/business-dashboard');
  await page.getByRole('heading', { name: business.businessName }).waitFor();
  return business;
}

/** Books `count` appointments at the business as alice, in a separate browser context. */
async function bookAsAlice(business: Business, names: string[]) {
  const { context } = await newPage(DESKTOP);
  const login = await context.request.post('/api/login', { data: { username: 'alice', password: 'password123' } });
  expect(login.status()).toBe(200);
  const [service] = await getJson<Service[]>(context.request, `/api/businesses/${business.id}/services`);
  const booked: Appointment[] = [];
  for (let i = 1; i < 30 && booked.length < names.length; i++) {
    const date = addDays(todayIn(business.timeZone), i);
    const slots = await getJson<string[]>(context.request, `/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    for (const time of slots.slice(-names.length)) {
      if (booked.length === names.length) break;
      const res = await context.request.post('/api/appointments', {
        data: { businessId: business.id, serviceId: service.id, date, time, customerName: names[booked.length], customerEmail: 'alice@example.com', customerPhone: '555-0142', notes: 'Dashboard test' },
      });
      expect(res.status(), await res.text()).toBe(201);
      booked.push((await res.json()) as Appointment);
    }
  }
  await context.close();
  return booked;
}

describe('business dashboard access', () => {
  it('sends visitors and customers to the login page', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await page.goto('/business-dashboard');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await signIn(page, 'alice');
    await page.goto('/business-dashboard');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('asks a business account without a business to register one', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('biz');
    const res = await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'password123', userType: 'business' } });
    expect(res.status()).toBe(201);
    await page.goto('/business-dashboard');
    await page.getByRole('heading', { name: 'Set up your business' }).waitFor();
    expect(await page.getByRole('link', { name: 'Register Business' }).last().getAttribute('href')).toBe('/business-register');
    expect(await page.getByRole('link', { name: 'Register Restaurant' }).getAttribute('href')).toBe('/restaurant-register');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'dashboard-no-business-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('business dashboard as the owner', () => {
  it('shows real stats and manages services', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const business = await openOwnerDashboard(page, context.request);
    const services = await getJson<Service[]>(context.request, `/api/businesses/${business.id}/services`);
    const stat = (label: string) => page.getByText(label, { exact: true }).locator('xpath=../..');
    await expect.poll(() => stat('Total services').textContent()).toContain(String(services.length));
    const average = Math.round(services.reduce((s, x) => s + x.duration, 0) / services.length);
    await expect.poll(() => stat('Avg. service duration').textContent()).toContain(`${average} min`);
    await stat('Revenue (completed)').waitFor();
    await page.getByRole('heading', { name: 'Recent appointments' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'dashboard-overview-desktop');

    // Services tab: list, validation, create, edit, delete.
    for (const s of services) await page.getByTestId('service-item').filter({ hasText: s.name }).waitFor();
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service' });
    await dialog.getByLabel('Duration (minutes)').fill('');
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    for (const message of ['Service name is required.', 'Valid duration is required.', 'Valid price is required.']) await dialog.getByText(message).waitFor();
    expect(await dialog.getByLabel('Price ($)').getAttribute('step')).toBe('0.01');
    await expectAccessible(page);
    await dialogShot(page, 'dashboard-service-form-desktop');
    const name = uniqueName('Deluxe Shave ');
    await dialog.getByLabel('Service name').fill(name);
    await dialog.getByLabel('Description (optional)').fill('Hot towel and balm.');
    await dialog.getByLabel('Duration (minutes)').fill('40');
    await dialog.getByLabel('Price ($)').fill('42.50');
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await toastTitled(page, 'Service Created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const item = page.getByTestId('service-item').filter({ hasText: name });
    await item.getByText('$42.50').waitFor();
    await item.getByText('40 minutes').waitFor();
    await expect.poll(() => stat('Total services').textContent()).toContain(String(services.length + 1));

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Service' });
    expect(await edit.getByLabel('Service name').inputValue()).toBe(name);
    await edit.getByLabel('Price ($)').fill('45');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toastTitled(page, 'Service Updated').waitFor();
    await item.getByText('$45.00').waitFor();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this service?' }).getByRole('button', { name: 'Delete Service' }).click();
    await toastTitled(page, 'Service Deleted').waitFor();
    await item.waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('completes and cancels appointments, with revenue from completed ones', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await signIn(page, 'owner');
    const me = await getJson<User>(context.request, '/api/user');
    const business = await getJson<Business>(context.request, `/api/businesses/${me.businessId}`);
    const [toComplete, toCancel] = await bookAsAlice(business, [uniqueName('Complete Me '), uniqueName('Cancel Me ')]);
    const revenueBefore = (await getJson<Appointment[]>(context.request, `/api/appointments?businessId=${business.id}`))
      .filter((a) => a.status === 'completed')
      .reduce((sum, a) => sum + Math.round(Number(a.price) * 100), 0);

    await page.goto('/business-dashboard?tab=appointments');
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    const row = (a: Appointment) => page.getByRole('tabpanel').getByTestId('business-appointment').filter({ hasText: a.customerName ?? '' });
    await row(toComplete).getByText('alice@example.com').waitFor();
    await row(toComplete).getByText('555-0142').waitFor();
    await row(toComplete).getByText(formatTime12h(toComplete.time), { exact: false }).waitFor();
    // The recent list shows the newest bookings (at most 10).
    const recent = page.getByRole('heading', { name: 'Recent appointments' }).locator('xpath=../..').getByTestId('business-appointment');
    await recent.filter({ hasText: toCancel.customerName ?? '' }).waitFor();
    expect(await recent.count()).toBeLessThanOrEqual(10);
    await expectAccessible(page);
    await shot(page, 'dashboard-appointments-desktop');

    await row(toComplete).getByRole('button', { name: 'Complete' }).click();
    await toastTitled(page, 'Appointment Completed').waitFor();
    await row(toComplete).getByText('completed', { exact: true }).waitFor();
    expect(await row(toComplete).getByRole('button', { name: 'Complete' }).isDisabled()).toBe(true);
    const expected = `$${((revenueBefore + Math.round(Number(toComplete.price) * 100)) / 100).toFixed(2)}`;
    await expect.poll(() => page.getByText('Revenue (completed)', { exact: true }).locator('xpath=../..').textContent()).toContain(expected);

    await row(toCancel).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel this appointment?' }).getByRole('button', { name: 'Cancel Appointment' }).click();
    await toastTitled(page, 'Appointment Cancelled').waitFor();
    await row(toCancel).getByText('cancelled', { exact: true }).waitFor();
    expect(await row(toCancel).getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);

    await page.getByLabel('Show').selectOption('completed');
    await row(toComplete).waitFor();
    expect(await row(toCancel).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('edits weekly hours and blocks and unblocks a date', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const business = await openOwnerDashboard(page, context.request);
    const [service] = await getJson<Service[]>(context.request, `/api/businesses/${business.id}/services`);
    await openTab(page, 'Availability');

    // Weekly hours: open on Saturday, with validation, then closed again.
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    const saturday = page.getByLabel('Saturday', { exact: true });
    await saturday.check();
    await page.getByLabel('Saturday opening time').fill('14:00');
    await page.getByLabel('Saturday closing time').fill('10:00');
    await page.getByRole('button', { name: 'Save Hours' }).click();
    await page.getByText('Closing time must be after opening time').waitFor();
    await page.getByLabel('Saturday closing time').fill('18:00');
    await page.getByRole('button', { name: 'Save Hours' }).click();
    await toastTitled(page, 'Hours Updated').waitFor();
    const { hours } = await getJson<{ hours: { dayOfWeek: number; openTime: string; closeTime: string }[] }>(context.request, `/api/businesses/${business.id}/hours`);
    expect(hours.find((h) => h.dayOfWeek === 6)).toMatchObject({ openTime: '14:00', closeTime: '18:00' });
    await shot(page, 'dashboard-availability-desktop');
    await saturday.uncheck();
    await page.getByRole('button', { name: 'Save Hours' }).click();
    await expect.poll(async () => (await getJson<{ hours: { dayOfWeek: number }[] }>(context.request, `/api/businesses/${business.id}/hours`)).hours.some((h) => h.dayOfWeek === 6)).toBe(false);

    // Blocked dates: a date is required; a blocked date offers no slots until unblocked.
    await page.getByText('No dates are currently blocked').waitFor();
    await page.getByRole('button', { name: 'Block Date' }).click();
    await page.getByText('Choose a date to block').waitFor();
    let date = addDays(todayIn(business.timeZone), 7);
    for (let i = 0; i < 7; i++, date = addDays(date, 1)) {
      const slots = await getJson<string[]>(context.request, `/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
      if (slots.length) break;
    }
    await pickDate(page, date);
    await page.getByLabel('Reason (optional)').fill('Staff training');
    await page.getByRole('button', { name: 'Block Date' }).click();
    await toastTitled(page, 'Date Blocked').waitFor();
    const blocked = page.getByTestId('blocked-date').filter({ hasText: longDate(date) });
    await blocked.getByText('Staff training').waitFor();
    expect(await page.locator(`[data-date="${date}"]`).getAttribute('aria-disabled')).toBe('true');
    expect(await getJson<string[]>(context.request, `/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${date}`)).toEqual([]);
    await expectAccessible(page);
    await shot(page, 'dashboard-blocked-date-desktop');
    await blocked.getByRole('button', { name: /Unblock/ }).click();
    await toastTitled(page, 'Date Unblocked').waitFor();
    await page.getByText('No dates are currently blocked').waitFor();
    expect((await getJson<string[]>(context.request, `/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${date}`)).length).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows read-only settings and every tab at 375 px', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const business = await openOwnerDashboard(page, context.request);
    expect(await page.getByRole('tab', { name: 'Time Slots' }).count()).toBe(business.businessType === 'restaurant' ? 1 : 0);
    await expectNoHorizontalScroll(page);
    await shot(page, 'dashboard-services-phone');
    for (const [tab, file] of [['Appointments', 'appointments'], ['Availability', 'availability'], ['Settings', 'settings']] as const) {
      await openTab(page, tab);
      await page.getByRole('tabpanel').first().waitFor();
      if (tab === 'Settings') {
        const panel = page.getByRole('tabpanel');
        await panel.getByText(business.businessName, { exact: true }).waitFor();
        await panel.getByText(business.address, { exact: true }).waitFor();
        expect(await panel.locator('input, textarea, select').count()).toBe(0);
      }
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    await shot(page, `dashboard-${file}-phone`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('business dashboard for a restaurant', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`manages time slots (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const username = uniqueName('resto');
      expect((await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'password123', userType: 'business' } })).status()).toBe(201);
      const created = await context.request.post('/api/restaurants', { data: { businessName: `Bistro ${username}`, cuisineType: 'French', priceRange: '$$', maxPartySize: 6, reservationDuration: 90 } });
      expect(created.status(), await created.text()).toBe(201);

      await page.goto('/business-dashboard?tab=time-slots');
      await page.getByRole('heading', { name: 'Time Slots' }).waitFor();
      // A new restaurant starts with 17:00-23:00 every 30 minutes on every day.
      await expect.poll(() => page.getByTestId('time-slot').count()).toBe(7);
      await page.getByTestId('time-slot').filter({ hasText: 'Monday' }).getByText('5:00 PM – 11:00 PM · every 30 min').waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    await shot(page, `dashboard-time-slots-${name}`);

      await page.getByRole('button', { name: 'Add Time Slot' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Time Slot' });
      expect(await dialog.getByLabel('Start time').inputValue()).toBe('17:00');
      expect(await dialog.getByLabel('End time').inputValue()).toBe('23:00');
      expect(await dialog.getByLabel('Interval').inputValue()).toBe('30');
      expect(await dialog.getByRole('checkbox', { name: 'Active (offered to guests)' }).getAttribute('aria-checked')).toBe('true');
      expect((await dialog.getByLabel('Interval').locator('option').allTextContents()).map((t) => t.trim())).toEqual(['Every 15 minutes', 'Every 30 minutes', 'Every 60 minutes']);
      await dialog.getByLabel('Day').selectOption('0');
      await dialog.getByLabel('Start time').fill('12:00');
      await dialog.getByLabel('End time').fill('11:00');
      await dialog.getByRole('button', { name: 'Create Time Slot' }).click();
      await dialog.getByText('End time must be after start time').waitFor();
      await dialog.getByLabel('End time').fill('14:00');
      await dialog.getByLabel('Interval').selectOption('15');
      if (name === 'phone') await dialogShot(page, 'dashboard-time-slot-form-phone');
      await dialog.getByRole('button', { name: 'Create Time Slot' }).click();
      await toastTitled(page, 'Time Slot Created').waitFor();
      const lunch = page.getByTestId('time-slot').filter({ hasText: '12:00 PM – 2:00 PM' });
      await lunch.getByText('every 15 min').waitFor();
      await lunch.getByText('Sunday').waitFor();

      await lunch.getByRole('button', { name: /^Edit/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Time Slot' });
      expect(await edit.getByLabel('Start time').inputValue()).toBe('12:00');
      await edit.getByLabel('Interval').selectOption('60');
      await edit.getByRole('checkbox', { name: 'Active (offered to guests)' }).click();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await toastTitled(page, 'Time Slot Updated').waitFor();
      await lunch.getByText('every 60 min').waitFor();
      await lunch.getByText('Inactive').waitFor();

      await lunch.getByRole('button', { name: /^Delete/ }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('Are you sure you want to delete this time slot?').waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      await lunch.getByRole('button', { name: /^Delete/ }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toastTitled(page, 'Time Slot Deleted').waitFor();
      await lunch.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('time-slot').count()).toBe(7);

      // Restaurants manage blocked dates but have no weekly-hours editor.
      await openTab(page, 'Availability');
      await page.getByRole('heading', { name: 'Blocked dates' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Weekly hours' }).count()).toBe(0);
      await openTab(page, 'Settings');
      await page.getByRole('tabpanel').getByText('French', { exact: true }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
