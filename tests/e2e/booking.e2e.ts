import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import { formatTime12h } from '../../src/contract/time';
import { formatClock } from '../../src/web/lib/business-time';
import { findOpenDay, getJson, serviceBusiness } from './support/api';
import { newPage, PHONE, signIn, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, expectTouchSized, longDate, pickDate, re, shot, toastTitled } from './support/page';

useBrowser();

// Booking an appointment through the real app and server, on a phone. Each step's rules (the calendar's
// window, Change service, validation, links that prefill the flow, a slot taken meanwhile, unknown
// businesses) are component tests: src/web/features/booking/components/appointment-wizard.test.tsx.

describe('appointment booking', () => {
  for (const [name, viewport, index] of [['phone', PHONE, 1]] as const) {
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

      // Step 2: a free day and time.
      await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
      await pickDate(page, date);
      await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).click();
      // The business's clock, named when this machine's zone (the browser's too) is another.
      await page.getByText(`${longDate(date)} at ${formatClock(slots[0], business.timeZone)}`).waitFor();
      if (name === 'phone') {
        await expectNoHorizontalScroll(page);
        // The calendar is used by touch: the month arrows were 28 px and the days 36 px tall.
        await expectTouchSized(page.getByRole('button', { name: /^(Previous|Next) month$/ }));
        await expectTouchSized(page.locator('[data-date]'), 32);
      }
      await expectAccessible(page);
      await shot(page, `booking-step2-datetime-${name}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 3: the account's e-mail is filled in; the rest is typed.
      await page.getByRole('heading', { name: 'Your details' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe('alice@example.com');
      await page.getByLabel('Full name').fill('Alice Example');
      await page.getByLabel('Phone').fill('(212) 555-0100');
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
      for (const text of [service.name, longDate(date), formatClock(slots[0], business.timeZone), `${service.duration} minutes`]) await confirmation.getByText(text, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Browse More Businesses' }).getAttribute('href')).toBe('/businesses');
      await expectAccessible(page);
      await shot(page, `booking-step4-confirmation-${name}`);

      const mine = await getJson<Appointment[]>(context.request, '/api/appointments');
      const booked = mine.find((a) => a.businessId === business.id && a.date === date && a.time === slots[0]);
      expect(booked).toMatchObject({ status: 'confirmed', blockOffers: true, notes: 'First visit', customerName: 'Alice Example', customerPhone: '+12125550100' });

      // The slot just booked is no longer offered.
      await page.getByRole('button', { name: 'Book Another Appointment' }).click();
      await page.getByRole('button', { name: re(service.name) }).first().click();
      await pickDate(page, date);
      await page.getByRole('group', { name: 'Available times' }).or(page.getByText('No available slots for this date')).first().waitFor();
      expect(await page.getByRole('button', { name: formatTime12h(slots[0]), exact: true }).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
