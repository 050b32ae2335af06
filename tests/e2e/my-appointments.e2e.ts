import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import { addDays, formatTime12h } from '../../src/contract/time';
import { findOpenDay, getJson, serviceBusiness } from './support/api';
import { newPage, PHONE, signIn, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, expectTouchSized, longDate, pickDate, shot, toastTitled } from './support/page';

useBrowser();

describe('my appointments', () => {
  for (const [name, viewport] of [['phone', PHONE]] as const) {
    it(`reschedules and cancels an appointment (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'bob');
      const { business, service } = await serviceBusiness(context.request, 2);
      const first = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
      const created = await context.request.post('/api/appointments', {
        data: { businessId: business.id, serviceId: service.id, date: first.date, time: first.slots[0], customerName: 'Bob B', customerEmail: 'bob@example.com', customerPhone: '(212) 555-0200', notes: `Window seat ${name}`, blockOffers: true },
      });
      expect(created.status(), await created.text()).toBe(201);
      const appointment = (await created.json()) as Appointment;

      await page.goto('/appointments');
      await page.getByRole('heading', { name: 'My Appointments' }).waitFor();
      expect(await page.getByRole('link', { name: 'Book New Appointment' }).getAttribute('href')).toBe('/businesses');
      await page.getByRole('heading', { name: 'Que Credit' }).waitFor();
      await page.getByTestId('credit-balance').waitFor();
      const card = page.getByTestId('appointment-card').filter({ hasText: longDate(first.date) }).filter({ hasText: formatTime12h(first.slots[0]) }).filter({ hasText: `Window seat ${name}` });
      await card.waitFor();
      await card.getByText('Offers Blocked - Protected time slot').waitFor();
      await card.getByText(`Window seat ${name}`).waitFor();
      if (name === 'phone') {
        await expectNoHorizontalScroll(page);
        // Reschedule, Move Back and Cancel were 36 px tall.
        await expectTouchSized(card.getByRole('button'));
      }
      await expectAccessible(page);
      await shot(page, `appointments-list-${name}`);

      // Reschedule to another free slot.
      await card.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      const next = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, addDays(first.date, 1));
      await pickDate(page, next.date, dialog);
      await dialog.getByRole('button', { name: formatTime12h(next.slots[0]), exact: true }).click();
      await dialog.getByText(formatTime12h(next.slots[0])).last().waitFor();
      if (name === 'phone') {
        await expectNoHorizontalScroll(page);
        // The dialog's close button was 24 px, the calendar's arrows 28.
        await expectTouchSized(dialog.getByRole('button', { name: /^(Close|Previous month|Next month)$/ }));
      }
      await expectAccessible(page);
      await dialogShot(page, `appointments-reschedule-${name}`);
      await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
      await toastTitled(page, 'Appointment Rescheduled').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const moved = page.getByTestId('appointment-card').filter({ hasText: longDate(next.date) }).filter({ hasText: `Window seat ${name}` });
      await moved.waitFor();
      const after = await getJson<Appointment[]>(context.request, '/api/appointments');
      expect(after.find((a) => a.id === appointment.id)).toMatchObject({ date: next.date, time: next.slots[0] });

      // Cancel asks first; afterwards every action is disabled.
      await moved.getByRole('button', { name: 'Cancel' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel this appointment?' });
      await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
      await toastTitled(page, 'Appointment Cancelled').waitFor();
      const cancelled = page.getByTestId('appointment-card').filter({ hasText: longDate(next.date) }).filter({ hasText: `Window seat ${name}` }).filter({ hasText: 'cancelled' });
      await cancelled.waitFor();
      expect(await cancelled.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);
      expect(await cancelled.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);

      // The status filter finds it.
      await page.getByLabel('Status').selectOption('cancelled');
      await cancelled.waitFor();
      await expectAccessible(page);
      await shot(page, `appointments-after-cancel-${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
