import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { PublicStaffMember } from '../../src/contract/staff';
import { formatTime12h } from '../../src/contract/time';
import { book, findOpenDay, getJson, newCustomer, newServiceBusiness } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, expectTouchSized, longDate, pickDate, shot, toastTitled } from './support/page';

useBrowser();

// "Who" at a shop with three members, on a phone (DESIGN section 9): one customer asks for Marco and
// gets him; the next, taking anyone at the same time, gets someone else; the customer's card and the
// owner's list say who, and the owner narrows the list to Marco. What each step shows and sends is in
// src/web/features/staff/components/who-choice.test.tsx.

/** A staff-list POST or PATCH that must succeed; returns the member. */
async function staffCall(request: APIRequestContext, method: 'post' | 'patch', path: string, data: Record<string, unknown>) {
  const res = await request[method](path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(method === 'post' ? 201 : 200);
  return (await res.json()) as PublicStaffMember;
}

/** Step 3: name and phone (the account's e-mail is prefilled), then Book. */
async function bookDetails(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone').fill('(212) 555-0100');
}

/** The value of a summary row ("With" → "Marco") within `scope`. */
const rowValue = (scope: ReturnType<Page['locator']>, label: string) => scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

describe('booking with a chosen staff member', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`Marco for one customer, anyone (someone else) for the next at the same time; the card and the owner say who (${label})`, async () => {
      // The shop: its first member (named after it) becomes Sam; Marco and Lena join.
      const owner = await newPage(viewport);
      const { business, service } = await newServiceBusiness(owner.context.request);
      const [first] = await getJson<PublicStaffMember[]>(owner.context.request, `/api/businesses/${business.id}/staff`);
      await staffCall(owner.context.request, 'patch', `/api/staff/${first.id}`, { name: 'Sam' });
      const marco = await staffCall(owner.context.request, 'post', `/api/businesses/${business.id}/staff`, { name: 'Marco', bio: 'Fades and beards' });
      await staffCall(owner.context.request, 'post', `/api/businesses/${business.id}/staff`, { name: 'Lena' });
      const { date, slots } = await findOpenDay(owner.context.request, { businessId: business.id, serviceId: service.id });
      const time = slots[0];
      const link = `/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`;

      // The first customer picks Marco: his own times, then his name through to the confirmation.
      const one = await newCustomer('marcofan', viewport);
      await one.page.goto(link);
      const who = one.page.getByRole('group', { name: 'Who' });
      await who.getByRole('radio', { name: `Marco · next free ${formatTime12h(time)}` }).waitFor();
      expect(await who.getByRole('radio').count()).toBe(4);
      expect(await who.getByRole('radio', { name: /^Anyone/ }).isChecked()).toBe(true);
      await expectNoHorizontalScroll(one.page);
      await expectTouchSized(who.locator('label'));
      await shot(one.page, `booking-staff-who-${label}`);
      await who.getByRole('radio', { name: /^Marco/ }).check();
      await one.page.getByRole('heading', { name: /with Marco$/ }).waitFor();
      await one.page.getByRole('button', { name: formatTime12h(time), exact: true }).click();
      await one.page.getByTestId('selection-footer').getByText(/with Marco/).waitFor();
      await expectAccessible(one.page);
      await shot(one.page, `booking-staff-marco-times-${label}`);
      await one.page.getByRole('button', { name: 'Continue' }).click();
      await bookDetails(one.page, 'Mia Marcofan');
      expect(await rowValue(one.page.locator('section', { has: one.page.getByRole('heading', { name: 'Your details' }) }), 'With').textContent()).toBe('Marco');
      await expectNoHorizontalScroll(one.page);
      await shot(one.page, `booking-staff-details-${label}`);
      await one.page.getByRole('button', { name: 'Book Appointment' }).click();
      await toastTitled(one.page, 'Appointment Booked!').getByText(`${service.name} with Marco at ${business.businessName} is confirmed.`).waitFor();
      const confirmed = one.page.getByRole('region', { name: 'Appointment Booked!' });
      await confirmed.waitFor();
      expect(await rowValue(confirmed, 'With').textContent()).toBe('Marco');
      await shot(one.page, `booking-staff-confirmation-${label}`);
      const [mine] = await getJson<Appointment[]>(one.context.request, '/api/appointments');
      expect(mine).toMatchObject({ date, time, staffId: marco.id, staffName: 'Marco', staffRequested: true });

      // My Appointments says who.
      await one.page.goto('/appointments');
      await one.page.getByTestId('appointment-card').first().getByText('with Marco').waitFor();
      await expectNoHorizontalScroll(one.page);
      await shot(one.page, `booking-staff-my-appointments-${label}`);
      expect(one.consoleErrors).toEqual([]);
      await one.context.close();

      // The next customer takes anyone at the same time: still offered (two others are free), and someone else serves.
      const two = await newCustomer('anyone', viewport);
      await two.page.goto(link);
      await two.page.getByRole('group', { name: 'Who' }).getByRole('radio', { name: /^Marco · next free/ }).waitFor();
      await two.page.getByRole('button', { name: formatTime12h(time), exact: true }).click();
      await two.page.getByRole('button', { name: 'Continue' }).click();
      await bookDetails(two.page, 'Ari Anyone');
      expect(await rowValue(two.page.locator('section', { has: two.page.getByRole('heading', { name: 'Your details' }) }), 'With').textContent()).toBe('Anyone available');
      await two.page.getByRole('button', { name: 'Book Appointment' }).click();
      const theirs = two.page.getByRole('region', { name: 'Appointment Booked!' });
      await theirs.waitFor();
      const [booked] = await getJson<Appointment[]>(two.context.request, '/api/appointments');
      expect(booked).toMatchObject({ date, time, staffRequested: false });
      expect(['Sam', 'Lena']).toContain(booked.staffName);
      expect(await rowValue(theirs, 'With').textContent()).toBe(booked.staffName);
      await shot(two.page, `booking-staff-anyone-confirmation-${label}`);
      expect(two.consoleErrors).toEqual([]);
      await two.context.close();

      // The owner's list says who serves each, and narrows to Marco's.
      await owner.page.goto('/business-dashboard?tab=appointments');
      const staffFilter = owner.page.getByRole('combobox', { name: 'Staff' });
      await staffFilter.waitFor();
      // (The recent bookings above the tabs are rows too: the tab's own list is the one filtered.)
      const rows = owner.page.getByRole('tabpanel').getByTestId('business-appointment');
      await expect.poll(() => rows.count()).toBe(2);
      await rows.filter({ hasText: 'Mia Marcofan' }).getByText('with Marco (requested)').waitFor();
      await rows.filter({ hasText: 'Ari Anyone' }).getByText(`with ${booked.staffName}`).waitFor();
      await staffFilter.selectOption({ label: 'Marco' });
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('Mia Marcofan');
      await expectNoHorizontalScroll(owner.page);
      await expectAccessible(owner.page);
      await shot(owner.page, `booking-staff-owner-filter-${label}`);
      expect(owner.consoleErrors).toEqual([]);
      await owner.context.close();
    });
  }
});

// Issue 27: the reschedule dialog asks who, as the booking does: the customer's member kept (their own
// times), another by name, or anyone. The dialog's rules are in my-appointments.test.tsx.
describe('rescheduling with a chosen staff member', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`keeps Marco by default, and moves to Sam by name when Marco is taken (${label})`, async () => {
      const owner = await newPage(viewport);
      const { business, service } = await newServiceBusiness(owner.context.request);
      const [first] = await getJson<PublicStaffMember[]>(owner.context.request, `/api/businesses/${business.id}/staff`);
      await staffCall(owner.context.request, 'patch', `/api/staff/${first.id}`, { name: 'Sam' });
      const marco = await staffCall(owner.context.request, 'post', `/api/businesses/${business.id}/staff`, { name: 'Marco' });
      const { date, slots } = await findOpenDay(owner.context.request, { businessId: business.id, serviceId: service.id });
      // Marco is asked for by name at the first time; someone else takes him at the day's last.
      const late = slots[slots.length - 1];
      const other = await newCustomer('marcotaken', viewport);
      await book(other.context.request, { businessId: business.id, serviceId: service.id, staffId: marco.id, date, time: late });
      await other.context.close();
      const customer = await newCustomer('rescheduler', viewport);
      const mine = await book(customer.context.request, { businessId: business.id, serviceId: service.id, staffId: marco.id, date, time: slots[0] });
      await owner.context.close();

      const p = customer.page;
      await p.goto('/appointments');
      await p.getByTestId('appointment-card').first().getByRole('button', { name: 'Reschedule' }).click();
      const dialog = p.getByRole('dialog', { name: 'Reschedule Appointment' });
      const who = dialog.getByRole('group', { name: 'Who' });
      await who.waitFor();
      expect(await who.getByRole('radio', { name: /^Marco/ }).isChecked()).toBe(true);
      await pickDate(p, date, dialog);
      await dialog.getByText(`Available times on ${longDate(date)} with Marco`).waitFor();
      // Marco's own times: not the one he is taken at
      const times = dialog.getByRole('group', { name: 'Available times' });
      await times.getByRole('button').first().waitFor();
      expect(await times.getByRole('button', { name: formatTime12h(late), exact: true }).count()).toBe(0);
      // Sam, by name: free at that time
      await who.getByRole('radio', { name: /^Sam/ }).check();
      await dialog.getByText(`Available times on ${longDate(date)} with Sam`).waitFor();
      await times.getByRole('button', { name: formatTime12h(late), exact: true }).click();
      await expect.poll(() => dialog.getByTestId('reschedule-with').textContent()).toBe('With Sam');
      if (label === 'phone') await expectNoHorizontalScroll(p);
      await expectTouchSized(who.locator('label'));
      await shot(p, `reschedule-staff-${label}`);
      await expectAccessible(p);
      await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
      await toastTitled(p, 'Appointment Rescheduled').waitFor();
      const moved = (await getJson<Appointment[]>(customer.context.request, '/api/appointments')).find((a) => a.id === mine.id)!;
      expect(moved).toMatchObject({ time: late, staffName: 'Sam', staffRequested: true });
      expect(customer.consoleErrors).toEqual([]);
      await customer.context.close();
    });
  }
});

