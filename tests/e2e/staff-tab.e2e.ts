import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../src/contract/staff';
import { addDays } from '../../src/contract/time';
import { book, findOpenDay, getJson, newCustomer, newServiceBusiness, today } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectFitsViewport, expectNoHorizontalScroll, shot, toastTitled } from './support/page';

useBrowser();

// The owner's Staff tab through the real app (DESIGN section 9), at 375 px and 1280 px: two members
// added, one given a lunch break, a weekday off and a day of time off, the other deactivated. At
// 1280 px the deactivated one has a booking, so the server lists it and the owner moves it to the
// others. The forms' messages and the hours editor's rules are component tests
// (src/web/features/staff/components/staff-tab.test.tsx); the refusals are the routes' API tests.

const range = (dayOfWeek: number, openTime: string, closeTime: string) => ({ dayOfWeek, openTime, closeTime });

describe('the Staff tab', () => {
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`adds two members, gives one a lunch break and days off, deactivates the other (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business, service } = await newServiceBusiness(context.request);
      const staffOf = () => getJson<StaffMember[]>(context.request, `/api/businesses/${business.id}/staff?all=true`);
      await page.goto('/business-dashboard?tab=staff');
      await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
      // Every service business starts with one member named after it.
      await page.getByTestId('staff-member').filter({ hasText: business.businessName }).getByText('Business hours').waitFor();

      // Ana does everything; Ben only the one service.
      await page.getByRole('button', { name: 'Add member' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add staff member' });
      await dialog.getByLabel('Name').fill('Ana');
      await dialog.getByLabel('Bio (optional)').fill('Colour and cuts.');
      if (name === 'phone') {
        await expectFitsViewport(page);
        await dialogShot(page, 'staff-member-dialog-phone');
      }
      await dialog.getByRole('button', { name: 'Add member' }).click();
      await toastTitled(page, 'Staff member added').waitFor();
      await page.getByRole('button', { name: 'Add member' }).click();
      dialog = page.getByRole('dialog', { name: 'Add staff member' });
      await dialog.getByLabel('Name').fill('Ben');
      await dialog.getByRole('checkbox', { name: 'All services' }).uncheck();
      await dialog.getByRole('checkbox', { name: service.name }).check();
      // Enter submits: the form works from the keyboard.
      await dialog.getByLabel('Name').press('Enter');
      await toastTitled(page, 'Staff member added').waitFor();
      const ana = page.getByTestId('staff-member').filter({ hasText: 'Ana' });
      const ben = page.getByTestId('staff-member').filter({ hasText: 'Ben' });
      await ben.getByText(service.name, { exact: true }).waitFor();
      expect(await page.getByTestId('staff-member').count()).toBe(3);

      // Ana: 09:00–12:00 and 13:00–17:00 on Monday, Wednesday off, the business's hours otherwise.
      await ana.getByRole('button', { name: 'Hours for Ana' }).click();
      dialog = page.getByRole('dialog', { name: 'Hours for Ana' });
      await dialog.getByRole('switch', { name: "Use the business's hours" }).click();
      await dialog.getByLabel('Monday range 1 end').fill('12:00');
      await dialog.getByRole('button', { name: 'Add range on Monday' }).click();
      expect(await dialog.getByLabel('Monday range 2 start').inputValue()).toBe('13:00');
      await dialog.getByRole('button', { name: 'Remove Wednesday range 1' }).click();
      if (name === 'phone') {
        await expectFitsViewport(page);
        await dialogShot(page, 'staff-hours-dialog-phone');
      }
      await dialog.getByRole('button', { name: 'Save hours' }).click();
      await toastTitled(page, 'Hours saved').waitFor();
      await ana.getByText('Mon 9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM · Tue 9:00 AM – 5:00 PM · Thu–Fri 9:00 AM – 5:00 PM · Off Wed, Sat–Sun').waitFor();
      const saved = (await staffOf()).find((m) => m.name === 'Ana')!;
      const byTime = (a: { dayOfWeek: number; openTime: string }, b: { dayOfWeek: number; openTime: string }) => a.dayOfWeek - b.dayOfWeek || a.openTime.localeCompare(b.openTime);
      expect(saved.hours?.map((h) => range(h.dayOfWeek, h.openTime.slice(0, 5), h.closeTime.slice(0, 5))).sort(byTime)).toEqual([
        range(1, '09:00', '12:00'), range(1, '13:00', '17:00'), range(2, '09:00', '17:00'), range(4, '09:00', '17:00'), range(5, '09:00', '17:00'),
      ]);

      // And a day of time off next week.
      const dayOff = addDays(today(), 7);
      await ana.getByRole('button', { name: 'Time off for Ana' }).click();
      dialog = page.getByRole('dialog', { name: 'Time off for Ana' });
      await dialog.getByLabel('First day').fill(dayOff);
      await dialog.getByLabel('Reason (optional)').fill('Dentist');
      await dialog.getByRole('button', { name: 'Add time off' }).click();
      await toastTitled(page, 'Time off added').waitFor();
      await dialog.getByRole('list', { name: 'Upcoming time off' }).getByText('Dentist').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await ana.getByText(/Dentist/).waitFor();
      expect((await staffOf()).find((m) => m.name === 'Ana')!.timeOff).toMatchObject([{ startDate: dayOff, endDate: dayOff, reason: 'Dentist' }]);

      if (name === 'desktop') {
        // A customer books Ben by name: deactivating him is refused until his booking moves to the others.
        const benId = (await staffOf()).find((m) => m.name === 'Ben')!.id;
        const customer = await newCustomer('staffcust');
        const { date, slots } = await findOpenDay(customer.context.request, { businessId: business.id, serviceId: service.id, staffId: benId });
        await book(customer.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0], staffId: benId });
        await customer.context.close();
        await ben.getByRole('button', { name: 'Deactivate Ben' }).click();
        await page.getByRole('alertdialog', { name: 'Deactivate Ben?' }).getByRole('button', { name: 'Deactivate' }).click();
        // The booking is listed before anything changes (DESIGN section 4).
        const offer = page.getByRole('dialog', { name: 'Deactivating Ben affects 1 upcoming booking' });
        await offer.getByTestId('stranded-booking').getByText(/with Ben/).waitFor();
        await dialogShot(page, 'staff-deactivate-offer-desktop');
        await offer.getByRole('button', { name: 'Move bookings and save' }).click();
        await toastTitled(page, 'Staff member deactivated').getByText('Ben was deactivated; 1 appointment moved to others.').waitFor();
      } else {
        await ben.getByRole('button', { name: 'Deactivate Ben' }).click();
        await page.getByRole('alertdialog', { name: 'Deactivate Ben?' }).getByRole('button', { name: 'Deactivate' }).click();
        await toastTitled(page, 'Staff member deactivated').waitFor();
      }
      await ben.getByText('Inactive').waitFor();
      expect(await ben.getByRole('button', { name: 'Deactivate Ben' }).count()).toBe(0);
      expect((await staffOf()).find((m) => m.name === 'Ben')!.active).toBe(false);
      expect((await getJson<StaffMember[]>(context.request, `/api/businesses/${business.id}/staff`)).map((m) => m.name)).not.toContain('Ben');

      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `staff-tab-${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
