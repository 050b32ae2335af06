import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import { addDays, formatTime12h } from '../../src/contract/time';
import { expectAccessible, expectNoHorizontalScroll, expectTouchSized, findOpenDay, getJson, longDate, pickDate, re, serviceBusiness, shot, today, todayIn, toastTitled } from './booking-support';
import { DESKTOP, newPage, PHONE, signIn, useBrowser } from './support/browser';

useBrowser();

describe('appointment booking', () => {
  for (const [name, viewport, index] of [['desktop', DESKTOP, 0], ['phone', PHONE, 1]] as const) {
    it(`books through all four steps (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'alice');
      const { business, service, services } = await serviceBusiness(context.request, index);
      const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });

      await page.goto(`/book/${business.id}`);
      await page.getByRole('heading', { name: business.businessName }).waitFor();
      // Step 1: every service with its price and duration.
      for (const s of services) await page.getByRole('button', { name: re(s.name) }).first().waitFor();
      await page.getByText(`${service.duration} minutes`).first().waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `booking-step1-service-${name}`);
      await page.getByRole('button', { name: re(service.name) }).first().click();

      // Step 2: the calendar allows today .. today+30 only; 'Change service' goes back.
      await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
      const yesterday = page.locator(`[data-date="${addDays(todayIn(business.timeZone), -1)}"]`);
      expect((await yesterday.count()) === 0 || (await yesterday.getAttribute('aria-disabled')) === 'true').toBe(true);
      const beyond = page.locator(`[data-date="${addDays(todayIn(business.timeZone), 31)}"]`);
      const nextMonth = page.getByRole('button', { name: 'Next month' });
      for (let i = 0; i < 2 && !(await beyond.isVisible()) && (await nextMonth.isEnabled()); i++) await nextMonth.click();
      expect((await beyond.count()) === 0 || (await beyond.getAttribute('aria-disabled')) === 'true').toBe(true);
      await page.getByRole('button', { name: 'Change service' }).click();
      await page.getByRole('heading', { name: 'Select a service' }).waitFor();
      await page.getByRole('button', { name: re(service.name) }).first().click();
      await pickDate(page, date);
      await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).click();
      await page.getByText(`${longDate(date)} at ${formatTime12h(slots[0])}`).waitFor();
      if (name === 'phone') {
        await expectNoHorizontalScroll(page);
        // The calendar is used by touch: the month arrows were 28 px and the days 36 px tall.
        await expectTouchSized(page.getByRole('button', { name: /^(Previous|Next) month$/ }));
        await expectTouchSized(page.locator('[data-date]'), 32);
      }
      await expectAccessible(page);
      await shot(page, `booking-step2-datetime-${name}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 3: contact details are validated with the shared schema; name and e-mail are prefilled.
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      // The account has no full name: the username is never put in its place (issue 9).
      expect(await page.getByLabel('Full name').inputValue()).toBe('');
      expect(await page.getByLabel('Email').inputValue()).toBe('alice@example.com');
      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await page.getByText('Phone is required').waitFor();
      await page.getByLabel('Full name').fill('Alice Example');
      await page.getByLabel('Phone').fill('555-0100');
      await page.getByLabel('Notes (optional)').fill('First visit');
      await page.getByLabel('Block queue jump and move back offers for this appointment').check();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `booking-step3-details-${name}`);
      await page.getByRole('button', { name: 'Book Appointment' }).click();

      // Step 4: confirmation with service, date, time, duration and price.
      await toastTitled(page, 'Appointment Booked!').waitFor();
      // The toast's dismiss button was 24 px.
      if (name === 'phone') await expectTouchSized(toastTitled(page, 'Appointment Booked!').getByRole('button', { name: 'Dismiss' }));
      const confirmation = page.getByRole('region', { name: 'Appointment Booked!' });
      await confirmation.waitFor();
      for (const text of [service.name, longDate(date), formatTime12h(slots[0]), `${service.duration} minutes`]) await confirmation.getByText(text, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Browse More Businesses' }).getAttribute('href')).toBe('/businesses');
      await expectAccessible(page);
      await shot(page, `booking-step4-confirmation-${name}`);

      const mine = await getJson<Appointment[]>(context.request, '/api/appointments');
      const booked = mine.find((a) => a.businessId === business.id && a.date === date && a.time === slots[0]);
      expect(booked).toMatchObject({ status: 'confirmed', blockOffers: true, notes: 'First visit', customerName: 'Alice Example', customerPhone: '555-0100' });

      // 'Book Another Appointment' starts over with nothing chosen.
      await page.getByRole('button', { name: 'Book Another Appointment' }).click();
      await page.getByRole('heading', { name: 'Select a service' }).waitFor();
      expect(await page.locator('[aria-pressed="true"]').count()).toBe(0);
      // The slot just booked is no longer offered.
      await page.getByRole('button', { name: re(service.name) }).first().click();
      await pickDate(page, date);
      await page.getByRole('group', { name: 'Available times' }).or(page.getByText('No available slots for this date')).first().waitFor();
      expect(await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('opens a prefilled /book-appointment link at the details step and books it', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    await signIn(page, 'alice');
    const { business, services } = await serviceBusiness(context.request, 2);
    const service = services[services.length - 1];
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    const time = slots[slots.length - 1];

    // Only a date: the service is chosen and the flow waits on the time.
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
    await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
    expect(await page.locator(`[data-date="${date}"]`).getAttribute('aria-pressed')).toBe('true');
    // The calendar works from the keyboard: arrows move between days, Enter picks one.
    await page.locator(`[data-date="${date}"]`).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`[data-date="${addDays(date, -1)}"]`).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`[data-date="${date}"]`).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: formatTime12h(time), exact: true }).waitFor();

    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${time}`);
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    for (const text of [service.name, longDate(date), formatTime12h(time)]) await page.getByText(text, { exact: true }).first().waitFor();
    await shot(page, 'booking-prefilled-desktop');
    // Never prefilled from the username (issue 9): the guest names themselves.
    await page.getByLabel('Full name').fill('Alice Example');
    await page.getByLabel('Phone').fill('555-0101');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await toastTitled(page, 'Appointment Booked!').waitFor();
    await page.getByRole('region', { name: 'Appointment Booked!' }).getByText(formatTime12h(time), { exact: true }).waitFor();

    // The same link again: the slot is gone, so booking fails with the server's words and the
    // visitor is back at the (refreshed) slot list.
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${time}`);
    await page.getByLabel('Full name').fill('Alice Example');
    await page.getByLabel('Phone').fill('555-0101');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await toastTitled(page, 'Booking Failed').waitFor();
    await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
    await page.getByRole('group', { name: 'Available times' }).or(page.getByText('No available slots for this date')).first().waitFor();
    expect(await page.getByRole('button', { name: formatTime12h(time), exact: true }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('asks a signed-out visitor to log in and brings them back to their choice', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const { business, service } = await serviceBusiness(context.request, 3);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${date}&time=${slots[0]}`);
    await page.getByText('You are not signed in.').waitFor();
    await page.getByLabel('Full name').fill('Guest');
    await page.getByLabel('Email').fill('guest@example.com');
    await page.getByLabel('Phone').fill('555');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await toastTitled(page, 'Authentication Required').filter({ hasText: 'Please log in to book an appointment.' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    const redirect = new URL(new URL(page.url()).searchParams.get('redirect') ?? '', 'http://x');
    expect(redirect.pathname).toBe('/book-appointment');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ businessId: String(business.id), serviceId: String(service.id), date, time: slots[0] });

    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says so for an unknown business and for a day without slots', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/book/999999');
    await page.getByText('Business not found.').waitFor();
    await page.goto('/book/abc');
    await page.getByText('Business not found.').waitFor();

    // A blocked-out day: the owner's closed weekend day gives no slots.
    const { business, service } = await serviceBusiness(context.request, 0);
    let closed = '';
    for (let i = 1; i < 14 && !closed; i++) {
      const date = addDays(today(), i);
      const slots = await getJson<string[]>(context.request, `/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${date}`);
      if (slots.length === 0) closed = date;
    }
    expect(closed).not.toBe('');
    await page.goto(`/book-appointment?businessId=${business.id}&serviceId=${service.id}&date=${closed}`);
    await page.getByText('No available slots for this date').waitFor();
    // Skip the line opens the queue-jump dialog (tests/e2e/offers.e2e.ts); the earliest openings are a link.
    await page.getByRole('button', { name: 'Skip the line' }).waitFor();
    await page.getByText('Want an earlier time?').waitFor();
    expect(await page.getByRole('link', { name: 'See the earliest available appointments' }).getAttribute('href')).toBe('/quick-booking');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'booking-no-slots-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
