import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import { addDays, formatTime12h } from '../../src/contract/time';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, expectTouchSized, findOpenDay, getJson, longDate, pickDate, serviceBusiness, shot, today, toastTitled } from './booking-support';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';

useBrowser();

describe('my appointments', () => {
  for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`reschedules and cancels an appointment (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'bob');
      const { business, service } = await serviceBusiness(context.request, name === 'desktop' ? 1 : 2);
      const first = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
      const created = await context.request.post('/api/appointments', {
        data: { businessId: business.id, serviceId: service.id, date: first.date, time: first.slots[0], customerName: 'Bob B', customerEmail: 'bob@example.com', customerPhone: '555-0200', notes: `Window seat ${name}`, blockOffers: true },
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

      // Reschedule to another free slot; Escape closes the dialog first.
      await card.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: 'Reschedule' }).click();
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
      await confirm.getByRole('button', { name: 'Keep Appointment' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await moved.getByRole('button', { name: 'Cancel' }).click();
      await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
      await toastTitled(page, 'Appointment Cancelled').waitFor();
      const cancelled = page.getByTestId('appointment-card').filter({ hasText: longDate(next.date) }).filter({ hasText: `Window seat ${name}` }).filter({ hasText: 'cancelled' });
      await cancelled.waitFor();
      expect(await cancelled.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);
      expect(await cancelled.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);

      // Filters: by status and by date.
      await page.getByLabel('Status').selectOption('confirmed');
      expect(await page.getByTestId('appointment-card').filter({ hasText: 'cancelled' }).count()).toBe(0);
      await page.getByLabel('Status').selectOption('cancelled');
      await cancelled.waitFor();
      await page.getByLabel('Date').fill(addDays(today(), 400));
      await page.getByText('No appointments match these filters').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await cancelled.waitFor();
      await expectAccessible(page);
      await shot(page, `appointments-after-cancel-${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('shows the credit history and an empty state for a new customer', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = `cust${Date.now().toString(36)}`;
    const registered = await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType: 'customer' } });
    expect(registered.status()).toBe(201);
    await page.goto('/appointments');
    await page.getByText('No appointments yet').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Businesses' }).getAttribute('href')).toBe('/businesses');
    await page.getByText('No credit transactions yet').waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'appointments-empty-phone');

    // A booking earns $1.00 of Que Credit, pending until the appointment is completed.
    const { business, service } = await serviceBusiness(context.request, 4);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    const created = await context.request.post('/api/appointments', {
      data: { businessId: business.id, serviceId: service.id, date, time: slots[0], customerName: username, customerEmail: `${username}@example.com`, customerPhone: '555' },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    await page.getByTestId('appointment-card').waitFor();
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('$0.00');
    await expect.poll(() => page.getByTestId('credit-summary').textContent()).toBe('$0.00 available · $1.00 pending until your appointment is completed');
    const entry = page.locator('[data-testid="credit-transaction"][data-status="pending"]');
    await entry.getByText('+$1.00').waitFor();
    await entry.getByText('Pending', { exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'appointments-credit-pending-phone');

    // Cancelling voids it: the entry stays listed, marked voided, and nothing is pending any more.
    const { id } = (await created.json()) as Appointment;
    const cancelled = await context.request.patch(`/api/appointments/${id}`, { data: { status: 'cancelled' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.reload();
    await page.locator('[data-testid="credit-transaction"][data-status="voided"]').getByText('Voided', { exact: true }).waitFor();
    expect(await page.getByTestId('credit-summary').count()).toBe(0);
    await expect.poll(() => page.getByTestId('credit-balance').textContent()).toBe('$0.00');
    await expectAccessible(page);
    await shot(page, 'appointments-credit-voided-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
