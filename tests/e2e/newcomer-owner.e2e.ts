import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { Business } from '../../src/contract/businesses';
import type { Service } from '../../src/contract/services';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, findOpenDay, getJson, openTab, shot, toastTitled } from './booking-support';
import { DESKTOP, newPage, PHONE, uniqueName, useBrowser } from './support/browser';

useBrowser();

// Issue 9: owner actions that cannot misfire, and one truth about hours.

const WIDTHS = [['desktop', DESKTOP], ['phone', PHONE]] as const;

/** A new owner with a new service business (Mon-Fri 09:00-17:00), signed in in this browser context. */
async function newOwner(request: APIRequestContext, body: Record<string, unknown> = {}) {
  const username = uniqueName('owner');
  const reg = await request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType: 'business' } });
  expect(reg.status()).toBe(201);
  const res = await request.post('/api/businesses', { data: { businessName: uniqueName('Studio '), category: 'Fitness', address: '9 Elm Row', phone: '555-0190', ...body } });
  expect(res.status(), await res.text()).toBe(201);
  const business = (await res.json()) as Business;
  const service = await request.post(`/api/businesses/${business.id}/services`, { data: { name: 'Private session', duration: 60, price: '40.00', description: '' } });
  expect(service.status()).toBe(201);
  return { business, service: (await service.json()) as Service };
}

async function openDashboard(page: Page, business: Business, tab?: string) {
  await page.goto(`/business-dashboard${tab ? `?tab=${tab}` : ''}`);
  await page.getByRole('heading', { level: 1, name: business.businessName }).waitFor();
}

describe('completing an appointment asks first', () => {
  for (const [width, viewport] of WIDTHS) {
    it(`says it has not started yet; Escape keeps it; Mark Completed completes it; cancelling asks too (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business, service } = await newOwner(context.request);
      // alice books two future appointments at the new business.
      const { context: alice } = await newPage(DESKTOP);
      expect((await alice.request.post('/api/login', { data: { username: 'alice', password: 'password123' } })).status()).toBe(200);
      const { date, slots } = await findOpenDay(alice.request, { businessId: business.id, serviceId: service.id });
      const booked: Appointment[] = [];
      for (const [i, time] of [slots[0], slots[slots.length - 1]].entries()) {
        const res = await alice.request.post('/api/appointments', { data: { businessId: business.id, serviceId: service.id, date, time, customerName: `Future Guest ${i + 1}`, customerEmail: 'alice@example.com', customerPhone: '555-0142' } });
        expect(res.status(), await res.text()).toBe(201);
        booked.push((await res.json()) as Appointment);
      }
      await alice.close();

      await openDashboard(page, business, 'appointments');
      const row = (name: string) => page.getByRole('tabpanel').getByTestId('business-appointment').filter({ hasText: name });
      await row('Future Guest 1').getByRole('button', { name: 'Complete' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Complete this appointment?' });
      await confirm.getByText(/This appointment has not started yet\./).waitFor();
      await confirm.getByText(/Future Guest 1's Private session on .* will be marked completed/).waitFor();
      expect(await confirm.getByText(/escrow/).count()).toBe(0);
      await expectAccessible(page);
      await dialogShot(page, `newcomer-complete-confirm-${width}`);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect((await getJson<Appointment[]>(context.request, `/api/appointments?businessId=${business.id}`)).find((a) => a.id === booked[0].id)?.status).toBe('confirmed');

      await row('Future Guest 1').getByRole('button', { name: 'Complete' }).click();
      await confirm.getByRole('button', { name: 'Mark Completed' }).click();
      await toastTitled(page, 'Appointment Completed').waitFor();
      await row('Future Guest 1').getByText('completed', { exact: true }).waitFor();

      // Cancelling by the owner asks too, and Escape keeps the appointment.
      await row('Future Guest 2').getByRole('button', { name: 'Cancel' }).click();
      const cancel = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
      await cancel.getByText(/Future Guest 2's Private session on .* will be cancelled/).waitFor();
      await dialogShot(page, `newcomer-cancel-confirm-${width}`);
      await page.keyboard.press('Escape');
      await cancel.waitFor({ state: 'hidden' });
      expect((await getJson<Appointment[]>(context.request, `/api/appointments?businessId=${business.id}`)).find((a) => a.id === booked[1].id)?.status).toBe('confirmed');
      if (width === 'phone') await expectNoHorizontalScroll(page);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});

describe('one truth about hours', () => {
  for (const [width, viewport] of WIDTHS) {
    it(`Settings shows the weekly hours in force after saving them, and the free text as a description (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business } = await newOwner(context.request, { operatingHours: 'Weekdays nine to five, Saturday mornings' });
      await openDashboard(page, business, 'settings');
      const settings = page.getByRole('tabpanel');
      const week = settings.getByRole('list', { name: 'Weekly hours' });
      await week.getByText('9:00 AM – 5:00 PM').first().waitFor();
      expect(await settings.getByText('Operating hours', { exact: true }).count()).toBe(0);
      await settings.getByText('Opening hours description').waitFor();
      await settings.getByText('Weekdays nine to five, Saturday mornings').waitFor();

      await openTab(page, 'Availability');
      await page.getByLabel('Saturday', { exact: true }).check();
      await page.getByLabel('Saturday opening time').fill('10:00');
      await page.getByLabel('Saturday closing time').fill('14:00');
      await page.getByLabel('Friday', { exact: true }).uncheck();
      await page.getByRole('button', { name: 'Save Hours' }).click();
      await toastTitled(page, 'Hours Updated').waitFor();

      await openTab(page, 'Settings');
      const line = (day: string) => page.getByRole('tabpanel').getByRole('list', { name: 'Weekly hours' }).getByRole('listitem').filter({ hasText: day });
      await expect.poll(() => line('Saturday').textContent()).toBe('Saturday10:00 AM – 2:00 PM');
      expect(await line('Friday').textContent()).toBe('FridayClosed');
      expect(await line('Monday').textContent()).toBe('Monday9:00 AM – 5:00 PM');
      expect(await line('Sunday').textContent()).toBe('SundayClosed');
      expect(await page.getByRole('tabpanel').locator('input, textarea, select').count()).toBe(0);
      if (width === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `newcomer-settings-after-hours-${width}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it("a restaurant's default time slots follow the days it opens, and Settings says so (phone)", async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('chef');
    await page.goto('/restaurant-register');
    // Step 2's fields are already in the page (hidden): the account step's come first.
    await page.getByLabel('Username').first().fill(username);
    await page.getByLabel('Email').first().fill(`${username}@example.com`);
    await page.getByLabel('Password').first().fill('plum-orchard-42');
    await page.getByRole('button', { name: 'Continue' }).click();
    const name = uniqueName('Osteria ');
    await page.getByLabel('Restaurant name').fill(name);
    await page.getByLabel('Cuisine type').selectOption('Italian');
    await page.getByLabel('Price range').selectOption('$$');
    for (const day of ['Monday', 'Sunday']) await page.getByRole('checkbox', { name: day }).uncheck();
    await page.getByLabel('Operating hours').fill('Tue-Sat 5 PM - 11 PM');
    await expectNoHorizontalScroll(page);
    await shot(page, 'newcomer-restaurant-open-days-phone');
    await page.getByRole('button', { name: 'Register Restaurant' }).click();
    await toastTitled(page, 'Restaurant Registered!').waitFor();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await openTab(page, 'Settings');
    const line = (day: string) => page.getByRole('tabpanel').getByRole('list', { name: 'Weekly hours' }).getByRole('listitem').filter({ hasText: day });
    await expect.poll(() => line('Tuesday').textContent()).toBe('Tuesday5:00 PM – 11:00 PM');
    expect(await line('Monday').textContent()).toBe('MondayClosed');
    expect(await line('Sunday').textContent()).toBe('SundayClosed');
    await page.getByRole('tabpanel').getByText('Tue-Sat 5 PM - 11 PM').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe("the owner edits the business's details", () => {
  for (const [width, viewport] of WIDTHS) {
    it(`through Edit details; Settings stays read-only and shows the change (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business } = await newOwner(context.request);
      await openDashboard(page, business, 'settings');
      expect(await page.getByRole('tabpanel').locator('input, textarea, select').count()).toBe(0);
      await page.getByRole('button', { name: 'Edit details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit business details' });
      expect(await dialog.getByLabel('Business name').inputValue()).toBe(business.businessName);
      expect(await dialog.getByLabel('Time zone').inputValue()).toBe('America/New_York');
      await dialog.getByLabel('Business name').fill('');
      await dialog.getByLabel('Website (optional)').fill('not a site');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('Business name is required').waitFor();
      await dialog.getByText('Website must be a valid URL (https://...)').waitFor();
      if (width === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await dialogShot(page, `newcomer-edit-business-${width}`);

      const renamed = uniqueName('Renamed Studio ');
      await dialog.getByLabel('Business name').fill(renamed);
      await dialog.getByLabel('Category').selectOption('Education');
      await dialog.getByLabel('Description', { exact: true }).fill('Small-group classes.');
      await dialog.getByLabel('Phone').fill('555-0777');
      await dialog.getByLabel('Website (optional)').fill('https://studio.example');
      await dialog.getByLabel('Time zone').selectOption('Europe/London');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toastTitled(page, 'Business Updated').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
      const panel = page.getByRole('tabpanel');
      for (const text of ['Education', 'Small-group classes.', '555-0777', 'https://studio.example', 'Europe/London']) await panel.getByText(text, { exact: true }).waitFor();
      expect(await getJson<Business>(context.request, `/api/businesses/${business.id}`)).toMatchObject({ businessName: renamed, category: 'Education', timeZone: 'Europe/London', website: 'https://studio.example' });
      // Escape closes the editor without saving.
      await page.getByRole('button', { name: 'Edit details' }).click();
      await dialog.getByLabel('Description', { exact: true }).fill('Not saved');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect((await getJson<Business>(context.request, `/api/businesses/${business.id}`)).description).toBe('Small-group classes.');
      await shot(page, `newcomer-settings-after-edit-${width}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
