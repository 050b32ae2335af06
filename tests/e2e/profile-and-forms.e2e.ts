import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { User } from '../../src/contract/auth';
import type { Business } from '../../src/contract/businesses';
import { addDays, formatTime12h } from '../../src/contract/time';
import { book, findOpenDay, getJson, newCustomer, register, serviceBusiness, todayIn } from './support/api';
import { newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, pickDate, shot, toastTitled } from './support/page';

useBrowser();

// Issue 18 on a phone (375 px), through the real app and server: name and phone typed once and kept on
// the profile, checked numbers, the password rule stated up front, and three small things (the login
// page's scroll, Escape under a toast, the first free day). The forms' rules one by one are component
// tests (profile-form, appointment-wizard, restaurant-wizard, my-appointments, dialog *.test.tsx).

const RULE = 'At least 8 characters, and not a common password.';
const bookingLink = (businessId: number, serviceId: number, date: string, time: string) => `/book-appointment?businessId=${businessId}&serviceId=${serviceId}&date=${date}&time=${time}`;

describe('details typed once', () => {
  it('checks the phone, keeps name and phone on the profile, and prefills both booking flows (phone)', async () => {
    const { page, context, consoleErrors, user } = await newCustomer('prof', PHONE);
    const { business, service } = await serviceBusiness(context.request, 3);
    const first = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    // The API refuses "abc" for a booking and for the profile, naming the field.
    const badBooking = await context.request.post('/api/appointments', {
      data: { businessId: business.id, serviceId: service.id, date: first.date, time: first.slots[0], customerName: 'Ada', customerEmail: user.email, customerPhone: 'abc' },
    });
    expect(badBooking.status()).toBe(400);
    expect(((await badBooking.json()) as { message: string }).message).toMatch(/^customerPhone: Phone is not a valid phone number/);
    const badProfile = await context.request.patch('/api/user', { data: { phone: 'abc' } });
    expect(badProfile.status()).toBe(400);
    expect(((await badProfile.json()) as { message: string }).message).toMatch(/^phone: /);

    // A first booking: nothing saved yet, so the name is typed; "abc" is refused at the field.
    await page.goto(bookingLink(business.id, service.id, first.date, first.slots[0]));
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    await page.getByTestId('contact-note').getByText('saved to your profile for next time', { exact: false }).waitFor();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Phone').fill('abc');
    await page.getByLabel('Phone').press('Tab');
    await page.getByText('Phone is not a valid phone number', { exact: false }).waitFor();
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'profile-booking-phone-refused-phone');
    await page.getByLabel('Phone').fill('212 555 0142');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('heading', { name: 'Appointment Booked!' }).waitFor();
    expect(await getJson<User>(context.request, '/api/user')).toMatchObject({ fullName: 'Ada Lovelace', phone: '+12125550142' });

    // The next booking, a table this time, comes filled in from the profile.
    const [restaurant] = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).filter((r) => r.description);
    const table = await findOpenDay(context.request, { businessId: restaurant.id, partySize: 2 });
    await page.goto(`/restaurant/${restaurant.id}?date=${table.date}&time=${table.slots[0]}`);
    await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');
    expect(await page.getByLabel('Phone').inputValue()).toBe('(212) 555-0142');
    await page.getByTestId('contact-note').getByText('filled in from your profile', { exact: false }).waitFor();
    await shot(page, 'profile-restaurant-prefilled-phone');

    // The profile, opened from the name in the header, changes what the next booking starts from.
    await page.getByRole('link', { name: /^Your profile, signed in as/ }).click();
    await page.getByRole('heading', { name: 'Your profile', level: 1 }).waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('(212) 555-0142');
    await page.getByLabel('Full name').fill('Ada King');
    await page.getByLabel('Phone').fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await toastTitled(page, 'Profile saved').waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'profile-saved-phone');
    expect(await getJson<User>(context.request, '/api/user')).toMatchObject({ fullName: 'Ada King', phone: '+442079460958' });
    const second = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, addDays(first.date, 1));
    await page.goto(bookingLink(business.id, service.id, second.date, second.slots[0]));
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Ada King');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0958');
    await shot(page, 'profile-booking-prefilled-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('rules shown before failing', () => {
  it('every registration form states the password rule up front, and a refusal names it (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    await page.goto('/appointments');
    await page.getByRole('heading', { name: 'Create a customer account' }).waitFor();
    const password = page.getByLabel('Password', { exact: true });
    await page.getByText(RULE).waitFor();
    expect(await password.evaluate((el) => el.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent))).toEqual([RULE]);
    await shot(page, 'register-customer-rule-phone');
    await page.getByLabel('Username').fill(`rule${Date.now().toString(36)}`);
    await page.getByLabel('Email').fill(`rule${Date.now().toString(36)}@example.com`);
    await password.fill('password123');
    await page.getByLabel('Confirm Password').fill('password123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must not be a common password', { exact: false }).waitFor();
    await page.getByText(RULE).waitFor();
    await expectAccessible(page);
    await shot(page, 'register-customer-rule-refused-phone');

    for (const path of ['/business-register', '/restaurant-register']) {
      await page.goto(path);
      expect(await page.getByTestId('password-rule').textContent()).toBe(RULE);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('small things', () => {
  it('the login page after the booking redirect opens at its top, below the sticky header (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const { business, service } = await serviceBusiness(context.request, 0);
    const { date, slots } = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await page.goto(bookingLink(business.id, service.id, date, slots[0]));
    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Phone').fill('(212) 555-0123');
    await page.getByRole('button', { name: 'Book Appointment' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const heading = page.getByRole('heading', { name: 'Welcome back' });
    await heading.waitFor();
    const { top, header, scrollY } = await heading.evaluate((el) => ({ top: el.getBoundingClientRect().top, header: document.querySelector('header')!.getBoundingClientRect().bottom, scrollY: window.scrollY }));
    expect(scrollY).toBe(0);
    expect(top).toBeGreaterThanOrEqual(header);
    // As the phone shows it (not a full-page capture, which would scroll to the top itself).
    await dialogShot(page, 'login-after-booking-redirect-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the first Escape closes a dialog even with a toast over it (phone)', async () => {
    const { page, context, consoleErrors } = await newCustomer('esc', PHONE);
    const { business, service } = await serviceBusiness(context.request, 4);
    const first = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id });
    await book(context.request, { businessId: business.id, serviceId: service.id, date: first.date, time: first.slots[0] });
    const next = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, addDays(first.date, 1));
    await page.goto('/appointments');
    await page.getByTestId('appointment-card').getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await pickDate(page, next.date, dialog);
    await dialog.getByRole('button', { name: formatTime12h(next.slots[0]), exact: true }).click();
    // Someone else takes that time meanwhile: the reschedule fails with a toast, and the dialog stays.
    const other = await newPage(PHONE);
    await register(other.context.request, 'rival');
    await book(other.context.request, { businessId: business.id, serviceId: service.id, date: next.date, time: next.slots[0] });
    await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await toastTitled(page, 'Reschedule Failed').waitFor();
    await dialogShot(page, 'escape-dialog-under-toast-phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await toastTitled(page, 'Reschedule Failed').getAttribute('data-state')).toBe('open');
    await dialogShot(page, 'escape-dialog-closed-toast-stays-phone');
    const mine = await getJson<Appointment[]>(context.request, '/api/appointments');
    expect(mine.map((a) => `${a.date} ${a.time}`)).toEqual([`${first.date} ${first.slots[0]}`]);
    expect(consoleErrors).toEqual([]);
    await Promise.all([context.close(), other.context.close()]);
  });

  it('the date step opens on the first day with free times, in both booking flows (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const { business, service } = await serviceBusiness(context.request, 1);
    const free = await findOpenDay(context.request, { businessId: business.id, serviceId: service.id }, todayIn(business.timeZone));
    await page.goto(`/book/${business.id}`);
    await page.getByRole('button', { name: new RegExp(service.name) }).first().click();
    await page.getByRole('heading', { name: 'Select date and time' }).waitFor();
    await expect.poll(() => page.locator('[data-date][aria-pressed="true"]').getAttribute('data-date')).toBe(free.date);
    await page.getByRole('button', { name: formatTime12h(free.slots[0]), exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'booking-first-free-day-phone');

    const [restaurant] = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).filter((r) => r.description);
    const tables = await findOpenDay(context.request, { businessId: restaurant.id, partySize: 1 }, todayIn(restaurant.timeZone));
    await page.goto(`/restaurant/${restaurant.id}`);
    await expect.poll(() => page.locator('[data-date][aria-pressed="true"]').getAttribute('data-date')).toBe(tables.date);
    await page.getByRole('group', { name: 'Available times' }).waitFor();
    await shot(page, 'restaurant-first-free-day-phone');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
