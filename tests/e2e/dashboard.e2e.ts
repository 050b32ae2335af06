import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { User } from '../../src/contract/auth';
import type { Business } from '../../src/contract/businesses';
import type { Service } from '../../src/contract/services';
import { addDays, formatTime12h } from '../../src/contract/time';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, getJson, openOwnerDashboard, shot, todayIn, toastTitled } from './booking-support';
import { DESKTOP, newPage, PHONE, signIn, uniqueName, useBrowser } from './support/browser';

useBrowser();

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
    const res = await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType: 'business' } });
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

    // Completing asks first (an AlertDialog; Escape closes it). This one was never swapped, so no
    // escrow is mentioned (tests/e2e/offers.e2e.ts covers a swapped one).
    await row(toComplete).getByRole('button', { name: 'Complete' }).click();
    const confirmComplete = page.getByRole('alertdialog', { name: 'Complete this appointment?' });
    await confirmComplete.getByText(/will be marked completed/).waitFor();
    expect(await confirmComplete.getByText(/escrow/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await confirmComplete.waitFor({ state: 'hidden' });
    await row(toComplete).getByRole('button', { name: 'Complete' }).click();
    await confirmComplete.getByRole('button', { name: 'Mark Completed' }).click();
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
});
