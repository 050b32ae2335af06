import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { StaffMember } from '../../src/contract/staff';
import { addDays } from '../../src/contract/time';
import { book, findOpenDay, getJson, newCustomer, newServiceBusiness, today } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectFitsViewport, toastTitled } from './support/page';

useBrowser();

// Owner changes under existing bookings (DESIGN section 4), through the real app at 375 px and 1280 px:
// the owner gives the shop's member a day off over a customer's booking; the app lists the booking
// (customer, service, member) before anything changes. On the phone the owner first backs out with
// Escape (nothing changed), then cancels the booking; at 1280 px the owner moves it to a member picked
// by name. The server's rules are API tests (src/server/features/businesses/strand-bookings.test.ts).

describe('owner changes that strand bookings', () => {
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`time off over a booking lists it, then ${name === 'phone' ? 'cancels' : 'moves'} it (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business, service } = await newServiceBusiness(context.request);
      const staffOf = () => getJson<StaffMember[]>(context.request, `/api/businesses/${business.id}/staff?all=true`);
      const [first] = await staffOf();
      const cover = await context.request.post(`/api/businesses/${business.id}/staff`, { data: { name: 'Cora' } });
      expect(cover.status()).toBe(201);
      const coraId = ((await cover.json()) as StaffMember).id;

      const customer = await newCustomer('strandcust');
      const { date, slots } = await findOpenDay(customer.context.request, { businessId: business.id, serviceId: service.id, staffId: first.id }, addDays(today(), 2));
      const booked = await book(customer.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0], staffId: first.id, customerName: 'Rita Moreno' });
      const mine = async () => (await getJson<Appointment[]>(customer.context.request, '/api/appointments')).find((a) => a.id === booked.id)!;

      await page.goto('/business-dashboard?tab=staff');
      const member = page.getByTestId('staff-member').filter({ hasText: first.name });
      await member.getByRole('button', { name: `Time off for ${first.name}` }).click();
      const timeOff = page.getByRole('dialog', { name: `Time off for ${first.name}` });
      await timeOff.getByLabel('First day').fill(date);
      await timeOff.getByLabel('Reason (optional)').fill('Training');
      await timeOff.getByRole('button', { name: 'Add time off' }).click();

      const strand = page.getByRole('dialog', { name: `${first.name}'s time off affects 1 upcoming booking` });
      await strand.getByTestId('stranded-booking').getByText(`${service.name} · Rita Moreno · with ${first.name}`).waitFor();
      if (name === 'phone') {
        await expectFitsViewport(page, '[role="dialog"]:has([data-testid="stranded-booking"])');
        await dialogShot(page, 'strand-time-off-phone');
        // Backing out changes nothing.
        await page.keyboard.press('Escape');
        await strand.waitFor({ state: 'hidden' });
        expect((await staffOf()).find((m) => m.id === first.id)!.timeOff).toEqual([]);
        await timeOff.getByRole('button', { name: 'Add time off' }).click();
        await strand.waitFor();
        await strand.getByRole('radio', { name: 'Cancel these bookings' }).check();
        await strand.getByText(/Customers are told in the app and by e-mail/).waitFor();
        await strand.getByRole('button', { name: 'Cancel bookings and save' }).click();
        await toastTitled(page, 'Time off added').waitFor();
        expect((await mine()).status).toBe('cancelled');
      } else {
        await strand.getByLabel('Who takes over').selectOption({ label: 'Cora' });
        await expectAccessible(page);
        await dialogShot(page, 'strand-time-off-desktop');
        await strand.getByRole('button', { name: 'Move bookings and save' }).click();
        await toastTitled(page, 'Time off added').waitFor();
        expect(await mine()).toMatchObject({ status: 'confirmed', staffId: coraId, time: slots[0] });
      }
      expect((await staffOf()).find((m) => m.id === first.id)!.timeOff).toMatchObject([{ startDate: date, endDate: date }]);
      await customer.context.close();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
