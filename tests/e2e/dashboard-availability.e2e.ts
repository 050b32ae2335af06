import { describe, expect, it } from 'vitest';
import type { Service } from '../../src/contract/services';
import { addDays } from '../../src/contract/time';
import { getJson, newRestaurant, todayIn } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, longDate, openOwnerDashboard, openTab, pickDate, shot, toastTitled } from './support/page';

useBrowser();

describe('business dashboard availability and settings', () => {
  it('edits weekly hours and blocks and unblocks a date', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const business = await openOwnerDashboard(page, context.request);
    const [service] = await getJson<Service[]>(context.request, `/api/businesses/${business.id}/services`);
    await openTab(page, 'Availability');

    // Weekly hours: open on Saturday (the editor's rules are component tests), then closed again.
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    const saturday = page.getByLabel('Saturday', { exact: true });
    await saturday.check();
    await page.getByLabel('Saturday opening time').fill('14:00');
    await page.getByLabel('Saturday closing time').fill('18:00');
    await page.getByRole('button', { name: 'Save Hours' }).click();
    await toastTitled(page, 'Hours Updated').waitFor();
    const { hours } = await getJson<{ hours: { dayOfWeek: number; openTime: string; closeTime: string }[] }>(context.request, `/api/businesses/${business.id}/hours`);
    expect(hours.find((h) => h.dayOfWeek === 6)).toMatchObject({ openTime: '14:00', closeTime: '18:00' });
    await shot(page, 'dashboard-availability-desktop');
    // Settings shows the hours in force now.
    await openTab(page, 'Settings');
    const line = (day: string) => page.getByRole('tabpanel').getByRole('list', { name: 'Weekly hours' }).getByRole('listitem').filter({ hasText: day });
    await expect.poll(() => line('Saturday').textContent()).toBe('Saturday2:00 PM – 6:00 PM');
    expect(await line('Sunday').textContent()).toBe('SundayClosed');
    await openTab(page, 'Availability');
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
        // The business information is read-only; the Booking policies card below it is a form of its own.
        expect(await panel.locator('dl').locator('input, textarea, select').count()).toBe(0);
        await panel.getByRole('heading', { name: 'Booking policies' }).waitFor();
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
  for (const [name, viewport] of [['phone', PHONE]] as const) {
    it(`manages time slots (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await newRestaurant(context.request, { maxPartySize: 6, reservationDuration: 90 });

      await page.goto('/business-dashboard?tab=time-slots');
      await page.getByRole('heading', { name: 'Time Slots' }).waitFor();
      // A new restaurant starts with 17:00-23:00 every 30 minutes on every day.
      await expect.poll(() => page.getByTestId('time-slot').count()).toBe(7);
      await page.getByTestId('time-slot').filter({ hasText: 'Monday' }).getByText('5:00 PM – 11:00 PM · every 30 min').waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    await shot(page, `dashboard-time-slots-${name}`);

      // The form's defaults and messages are component tests.
      await page.getByRole('button', { name: 'Add Time Slot' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Time Slot' });
      await dialog.getByLabel('Day').selectOption('0');
      await dialog.getByLabel('Start time').fill('12:00');
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
