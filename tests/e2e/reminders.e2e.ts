import { describe, expect, it } from 'vitest';
import type { ReminderRule } from '../../src/contract/reminders';
import { book, findOpenDay, getJson, newServiceBusiness, register } from './support/api';
import { DESKTOP, newPage, PHONE } from './support/browser';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, openTab, shot, toastTitled } from './support/page';
import { reminderMail } from './support/seed';
import { useBrowser } from './support/browser';

useBrowser();

// Reminders (DESIGN section 11) through the real server: the owner edits the business's reminder
// e-mails in Settings; a customer books, the reminder already due at booking is sent at once, and its
// confirm link, opened signed out, confirms once; the owner then sees it in the appointment's messages.

describe('reminders', () => {
  for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`the owner edits the reminders and a customer confirms from the e-mail's link (${width})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      const { business, service } = await newServiceBusiness(context.request);
      await page.goto('/business-dashboard?tab=settings');
      await page.getByRole('heading', { level: 1, name: business.businessName }).waitFor();
      const form = page.getByRole('form', { name: 'Reminder e-mails' });
      await form.getByTestId('reminder-rule').nth(1).waitFor();
      // The defaults: 24 hours and 2 hours. The second becomes 30 days, so a booking a few days ahead is already due.
      await form.getByLabel('Reminder 2: e-mail this long before the start').fill('30');
      await form.getByLabel('Reminder 2 unit').selectOption('days');
      await form.getByRole('button', { name: 'Add a reminder' }).click();
      await form.getByRole('checkbox', { name: 'Reminder 3 on' }).click();
      if (width === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Save reminders' }).click();
      await toastTitled(page, 'Reminders saved').waitFor();
      await shot(page, `reminders-settings-${width}`);
      expect(await getJson<ReminderRule[]>(context.request, `/api/businesses/${business.id}/reminders`)).toEqual([
        { offsetMinutes: 1440, channel: 'email', active: true },
        { offsetMinutes: 43_200, channel: 'email', active: true },
        { offsetMinutes: 60, channel: 'email', active: false },
      ]);

      const customer = await newPage(viewport);
      await register(customer.context.request, 'remindee');
      const { date, slots } = await findOpenDay(customer.context.request, { businessId: business.id, serviceId: service.id }, addDaysIso(3));
      const booked = await book(customer.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0], customerName: 'Rita Reminded' });
      await expect.poll(async () => (await reminderMail(booked.id)).length, { timeout: 15_000 }).toBe(1);
      const [mail] = await reminderMail(booked.id);
      const confirmUrl = new URL(/Confirm: (\S+)/.exec(mail.text)![1]);

      // Opened signed out, in a browser of its own.
      const visitor = await newPage(viewport);
      await visitor.page.goto(confirmUrl.pathname);
      await visitor.page.getByRole('heading', { name: 'Confirm your appointment' }).waitFor();
      if (width === 'phone') await expectNoHorizontalScroll(visitor.page);
      await expectAccessible(visitor.page);
      await shot(visitor.page, `reminder-link-confirm-${width}`);
      await visitor.page.getByRole('button', { name: 'Yes, I will come' }).click();
      await visitor.page.getByRole('heading', { name: 'Attendance confirmed' }).waitFor();
      await shot(visitor.page, `reminder-link-confirmed-${width}`);
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { name: 'This link has been used' }).waitFor();
      await shot(visitor.page, `reminder-link-used-${width}`);
      const tampered = confirmUrl.pathname.slice(0, -2) + (confirmUrl.pathname.endsWith('AA') ? 'BB' : 'AA');
      await visitor.page.goto(tampered);
      await visitor.page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
      await shot(visitor.page, `reminder-link-invalid-${width}`);
      expect(visitor.consoleErrors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);

      // The owner sees the confirmation and the messages.
      await page.goto(`/business-dashboard?tab=appointments`);
      await openTab(page, 'Appointments');
      const row = page.getByRole('region', { name: 'Appointments' }).getByTestId('business-appointment').filter({ hasText: 'Rita Reminded' });
      await row.getByTestId('customer-confirmed-badge').waitFor();
      await row.getByRole('button', { name: 'Messages' }).click();
      const dialog = page.getByRole('dialog', { name: 'Messages' });
      await dialog.getByText(/The customer confirmed they will come/).waitFor();
      const messages = dialog.getByTestId('appointment-message');
      await messages.nth(1).waitFor();
      expect(await messages.allTextContents()).toEqual([
        expect.stringMatching(/^E-mail 30 days before\s*sent\s*Sent .*already due when booked: sent at once$/),
        expect.stringMatching(/^E-mail 1 day before\s*planned\s*Goes /),
      ]);
      await dialogShot(page, `reminders-messages-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(consoleErrors).toEqual([]);
      await Promise.all([context.close(), customer.context.close(), visitor.context.close()]);
    });
  }
});

function addDaysIso(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
