import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { Business } from '../../src/contract/businesses';
import type { Service } from '../../src/contract/services';
import { addDays, formatTime12h, minutesToTime, timeToMinutes } from '../../src/contract/time';
import { formatClock } from '../../src/web/lib/business-time';
import { findOpenDay, getJson, roundTheClockShop, startsWithin, todayIn } from './support/api';
import { DESKTOP, newPage, uniqueName, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, openOwnerDashboard, shot, toastTitled } from './support/page';

useBrowser();

/** Books each of `visits` ({name, date, time}) at the business's service as alice, in a separate browser context. */
async function bookAsAlice(business: Business, service: Service, visits: { name: string; date: string; time: string }[]) {
  const { context } = await newPage(DESKTOP);
  const login = await context.request.post('/api/login', { data: { username: 'alice', password: 'password123' } });
  expect(login.status()).toBe(200);
  const booked: Appointment[] = [];
  for (const v of visits) {
    const res = await context.request.post('/api/appointments', {
      data: { businessId: business.id, serviceId: service.id, date: v.date, time: v.time, customerName: v.name, customerEmail: 'alice@example.com', customerPhone: '(212) 555-0142', notes: 'Dashboard test' },
    });
    expect(res.status(), await res.text()).toBe(201);
    booked.push((await res.json()) as Appointment);
  }
  await context.close();
  return booked;
}

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

    // Services tab: list, create, edit, delete (the form's rules are component tests).
    for (const s of services) await page.getByTestId('service-item').filter({ hasText: s.name }).waitFor();
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service' });
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

  it('completes and cancels appointments, with revenue from completed ones; Complete waits for an hour before the start', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    // A shop open around the clock: alice's first visit starts within the hour, so it may really be
    // completed now; her second, days ahead, may not be yet.
    const { business, service } = await roundTheClockShop(context.request);
    const soon = await startsWithin(context.request, business, service.id, 5, 50);
    const later = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, addDays(todayIn(business.timeZone), 3));
    const [toComplete, toCancel] = await bookAsAlice(business, service, [
      { name: uniqueName('Complete Me '), date: soon.date, time: soon.times[0] },
      { name: uniqueName('Cancel Me '), date: later.date, time: later.slots.find((t) => t >= '09:00')! },
    ]);

    await page.goto('/business-dashboard?tab=appointments');
    await page.getByRole('heading', { name: 'Appointments', exact: true }).waitFor();
    const row = (a: Appointment) => page.getByRole('tabpanel').getByTestId('business-appointment').filter({ hasText: a.customerName ?? '' });
    await row(toComplete).getByText('alice@example.com').waitFor();
    // Kept in E.164, shown as written at home, and dialled from the link.
    await row(toComplete).getByText('(212) 555-0142').waitFor();
    expect(await row(toComplete).getByRole('link', { name: '(212) 555-0142' }).getAttribute('href')).toBe('tel:+12125550142');
    await row(toComplete).getByText(formatTime12h(toComplete.time), { exact: false }).waitFor();
    // The recent list shows the newest bookings (at most 10).
    const recent = page.getByRole('heading', { name: 'Recent appointments' }).locator('xpath=../..').getByTestId('business-appointment');
    await recent.filter({ hasText: toCancel.customerName ?? '' }).waitFor();
    expect(await recent.count()).toBeLessThanOrEqual(10);
    await expectAccessible(page);
    await shot(page, 'dashboard-appointments-desktop');

    // Completing asks first (an AlertDialog). This one was never swapped, so no escrow is mentioned
    // (tests/e2e/offers.e2e.ts covers a swapped one; Escape and the wording are component tests).
    await row(toComplete).getByRole('button', { name: 'Complete' }).click();
    const confirmComplete = page.getByRole('alertdialog', { name: 'Complete this appointment?' });
    await confirmComplete.getByText(/will be marked completed/).waitFor();
    expect(await confirmComplete.getByText(/escrow/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await confirmComplete.waitFor({ state: 'hidden' });
    // The visit days ahead cannot be completed yet, and its row says from when.
    const notYet = row(toCancel).getByRole('button', { name: 'Complete' });
    expect(await notYet.isDisabled()).toBe(true);
    const shortDate = new Date(`${toCancel.date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    // On the shop's clock, saying whose when the browser is on another (business-time.ts).
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const from = `${formatClock(minutesToTime(timeToMinutes(toCancel.time) - 60), business.timeZone, browserZone)} on ${shortDate}`;
    await row(toCancel).getByText(`Can be completed from ${from}`).waitFor();
    expect(await notYet.getAttribute('aria-describedby')).toBe(`complete-from-${toCancel.id}`);
    await row(toComplete).getByRole('button', { name: 'Complete' }).click();
    await dialogShot(page, 'dashboard-complete-confirm-desktop');
    await confirmComplete.getByRole('button', { name: 'Mark Completed' }).click();
    await toastTitled(page, 'Appointment Completed').waitFor();
    await row(toComplete).getByText('completed', { exact: true }).waitFor();
    expect(await row(toComplete).getByRole('button', { name: 'Complete' }).isDisabled()).toBe(true);
    // the new shop's only revenue
    const expected = `$${Number(toComplete.price).toFixed(2)}`;
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
