import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import { getJson, newCustomer, roundTheClockShop, startsWithin } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectNoHorizontalScroll, shot, toastTitled } from './support/page';

// Deposits and no-shows end to end (DESIGN section 11), at 375 and 1280 px: a customer books a
// deposit service in the wizard, which says what is held and when before confirming and takes the
// test card; My Appointments shows the deposit held; the owner marks the visit a no-show from the
// dashboard (with a confirm), and the deposit is kept. No clock is faked: the visit is made to have
// started 15 minutes ago by the owner moving the business to a zone hours ahead (a round-the-clock
// shop, so no booking is stranded), an action any owner may take.

useBrowser();

/** A zone whose clock is at least three hours ahead of `zone`'s now. */
const aheadOf = (zone: string) => ({ UTC: 'Asia/Tokyo', 'America/Los_Angeles': 'UTC', 'Asia/Tokyo': 'Pacific/Kiritimati' })[zone]!;

describe('deposits and no-shows', () => {
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`a deposit booked in the wizard is kept when the owner marks a no-show (${name})`, async () => {
      const owner = await newPage(viewport);
      const { business, service } = await roundTheClockShop(owner.context.request);
      const policy = await owner.context.request.put(`/api/services/${service.id}`, {
        data: { name: service.name, duration: service.duration, price: service.price, policies: { paymentPolicy: 'deposit', depositCents: 500 } },
      });
      expect(policy.status(), await policy.text()).toBe(200);

      const customer = await newCustomer('deposit', viewport);
      const { page } = customer;
      const soon = await startsWithin(customer.context.request, business, service.id, 30, 120);
      await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${soon.date}&time=${soon.times[0]}`);
      await page.getByLabel('Full name').fill('Dee Posit');
      await page.getByLabel('Phone').fill('(212) 555-0100');
      const money = page.getByTestId('booking-money-line');
      await money.getByText(/A deposit of \$5\.00 is held on your card now\./).waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await expectNoHorizontalScroll(page);
      await shot(page, `deposit-wizard-${name}`);
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await toastTitled(page, 'Appointment Booked!').waitFor();
      const mine = await getJson<Appointment[]>(customer.context.request, '/api/appointments');
      expect(mine[0]).toMatchObject({ status: 'confirmed', deposit: { amount: '5.00', status: 'held' } });

      await page.goto('/appointments');
      const card = page.getByTestId('appointment-card').filter({ hasText: service.name });
      await card.getByTestId('deposit-line').getByText(/Deposit \$5\.00 held on the card/).waitFor();
      await shot(page, `deposit-my-appointments-${name}`);

      // The visit started hours ago on the business's new clock: the No-show action shows.
      const moved = await owner.context.request.patch(`/api/businesses/${business.id}`, { data: { timeZone: aheadOf(business.timeZone) } });
      expect(moved.status(), await moved.text()).toBe(200);
      await owner.page.goto('/business-dashboard?tab=appointments');
      const row = owner.page.getByTestId('business-appointment').filter({ hasText: 'Dee Posit' });
      await row.getByTestId('deposit-line').waitFor();
      await row.getByRole('button', { name: 'No-show' }).click();
      const dialog = owner.page.getByRole('dialog', { name: 'Mark as a no-show?' });
      await dialog.getByText(/Their deposit of \$5\.00 is kept and paid to your earnings\./).waitFor();
      await dialogShot(owner.page, `no-show-dialog-${name}`);
      await dialog.getByRole('button', { name: 'Mark No-show' }).click();
      await toastTitled(owner.page, 'Marked as No-show').waitFor();
      await row.getByText('Deposit $5.00 kept by the business.').waitFor();
      await expectNoHorizontalScroll(owner.page);
      await shot(owner.page, `no-show-dashboard-${name}`);

      await page.goto('/appointments');
      await card.getByText('marked this visit as missed (a no-show).', { exact: false }).waitFor();
      await card.getByText('Deposit $5.00 kept by the business.').waitFor();
      await shot(page, `no-show-my-appointments-${name}`);
      expect(customer.consoleErrors).toEqual([]);
      expect(owner.consoleErrors).toEqual([]);
      await customer.context.close();
      await owner.context.close();
    });
  }
});
