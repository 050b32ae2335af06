import { describe, expect, it } from 'vitest';
import type { Appointment, EarliestAppointment } from '../../src/contract/appointments';
import type { Business } from '../../src/contract/businesses';
import { formatSlot, formatTime12h } from '../../src/contract/time';
import { formatClock } from '../../src/web/lib/business-time';
import { findOpenDay, getJson } from './support/api';
import { DESKTOP, newPage, PHONE, signIn, uniqueName, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, longDate, pickDate, shot, toastTitled } from './support/page';

useBrowser();

describe('restaurant booking', () => {
  for (const [name, viewport] of [['phone', PHONE]] as const) {
    it(`reserves a table in three steps (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await signIn(page, 'bob');
      const [restaurant] = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).filter((r) => r.description);
      const partySize = 4;
      const { date, slots } = await findOpenDay(context.request, { businessId: restaurant.id, partySize });
      const time = slots[1];

      await page.goto(`/restaurant/${restaurant.id}`);
      await page.getByRole('heading', { name: restaurant.businessName }).waitFor();
      await page.getByText(`Up to ${restaurant.maxPartySize} guests`).waitFor();
      if (restaurant.cuisineType) await page.getByText(restaurant.cuisineType, { exact: true }).waitFor();
      await pickDate(page, date);
      await page.getByLabel('Party size', { exact: true }).selectOption(String(partySize));
      await page.getByRole('button', { name: formatTime12h(time), exact: true }).click();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `restaurant-step1-${name}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
      expect(await page.getByLabel('Party size', { exact: true }).inputValue()).toBe(String(partySize));
      expect((await page.getByLabel('Party size', { exact: true }).locator('option').allTextContents()).length).toBe(restaurant.maxPartySize);
      await page.getByLabel('Full name').fill('Table Guest');
      await page.getByLabel('Phone').fill('(212) 555-0199');
      await page.getByLabel('Seating preference (optional)').selectOption('window');
      await page.getByLabel('Occasion (optional)').selectOption('birthday');
      await page.getByLabel('Dietary restrictions (optional)').fill('vegetarian');
      await page.getByLabel('Special requests (optional)').fill('Candles please');
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `restaurant-step2-${name}`);
      await page.getByRole('button', { name: 'Confirm Reservation' }).click();

      await toastTitled(page, 'Reservation Confirmed!').waitFor();
      const confirmation = page.getByRole('region', { name: 'Reservation Confirmed!' });
      // The confirmation repeats what was asked for: seating and occasion too.
      // Times on the restaurant's clock, named when this machine's zone (the browser's too) is another.
      for (const text of [restaurant.businessName, longDate(date), formatClock(time, restaurant.timeZone), `${partySize} guests`, `${restaurant.reservationDuration} minutes`, 'Window', 'Birthday', 'vegetarian']) {
        await confirmation.getByText(text, { exact: true }).waitFor();
      }
      await expectAccessible(page);
      await shot(page, `restaurant-step3-${name}`);
      const mine = await getJson<Appointment[]>(context.request, '/api/appointments');
      const me = await getJson<{ id: number }>(context.request, '/api/user');
      expect(mine.find((a) => a.businessId === restaurant.id && a.date === date && a.time === time)).toMatchObject({
        customerId: me.id, partySize, seatingPreference: 'window', occasionType: 'birthday', dietaryRestrictions: 'vegetarian', notes: 'Candles please', customerName: 'Table Guest',
      });

      await page.getByRole('button', { name: 'Make Another Reservation' }).click();
      await page.getByRole('heading', { name: 'Choose date, party size and time' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  it('opens at the details step from a date and time link, and reports bad ids', async () => {
    const { page, context, consoleErrors } = await newPage(DESKTOP);
    const [, restaurant] = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).filter((r) => r.description);
    const { date, slots } = await findOpenDay(context.request, { businessId: restaurant.id, partySize: 2 });
    await page.goto(`/restaurant/${restaurant.id}?date=${date}&time=${slots[0]}`);
    await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
    await page.getByText(formatClock(slots[0], restaurant.timeZone), { exact: true }).waitFor();
    // Signed out: the same sign-in requirement as appointments.
    await page.getByLabel('Full name').fill('Guest');
    await page.getByLabel('Email').fill('guest@example.com');
    await page.getByLabel('Phone').fill('(212) 555-0100');
    await page.getByRole('button', { name: 'Confirm Reservation' }).click();
    await toastTitled(page, 'Authentication Required').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

    // No such restaurant: the server answers 404 (crawlers drop the address) with the app, which says why.
    expect((await page.goto('/restaurant/0'))?.status()).toBe(404);
    await page.getByText('Invalid restaurant ID').waitFor();
    expect((await page.goto('/restaurant/abc'))?.status()).toBe(404);
    await page.getByText('Invalid restaurant ID').waitFor();
    expect((await page.goto('/restaurant/999999'))?.status()).toBe(404);
    await page.getByText('Restaurant not found').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the refusal of a second table that day in view, with the way to the table held (phone)', async () => {
    const { page, context, consoleErrors } = await newPage(PHONE);
    const username = uniqueName('diner');
    expect((await context.request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType: 'customer' } })).status()).toBe(201);
    const restaurant = (await getJson<Business[]>(context.request, '/api/businesses?type=restaurant')).find((r) => r.businessName === 'Trattoria Bella')!;
    const { date, slots } = await findOpenDay(context.request, { businessId: restaurant.id, partySize: 2 });
    const held = await context.request.post('/api/appointments', {
      data: { businessId: restaurant.id, date, time: slots[0], partySize: 2, customerName: 'Dina Diner', customerEmail: `${username}@example.com`, customerPhone: '(212) 555-0123' },
    });
    expect(held.status(), await held.text()).toBe(201);

    await page.goto(`/restaurant/${restaurant.id}?date=${date}&time=${slots[slots.length - 1]}`);
    await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
    await page.getByLabel('Full name').fill('Dina Diner');
    await page.getByLabel('Phone').fill('(212) 555-0123');
    await page.getByRole('button', { name: 'Confirm Reservation' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'You already have a table that day' });
    await refusal.getByText(`You already have a table at ${restaurant.businessName} at`).waitFor();
    await refusal.getByText(`at ${formatSlot(date, slots[0])}. Each guest may hold one reservation per restaurant per day: change that one instead.`, { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await shot(page, 'restaurant-one-table-a-day-phone');
    await refusal.getByRole('link', { name: 'See my reservations' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/appointments');
    const mine = await getJson<Appointment[]>(context.request, '/api/appointments');
    expect(mine.filter((a) => a.businessId === restaurant.id && a.date === date)).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('quick booking', () => {
  for (const [name, viewport] of [['phone', PHONE]] as const) {
    it(`lists the earliest slots and opens one prefilled (${name})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      // The list the page itself received: another request could see a slot taken or passed since.
      const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/earliest-appointments' && r.ok());
      await page.goto('/quick-booking');
      const items = (await (await listed).json()) as EarliestAppointment[];
      await page.getByRole('heading', { name: 'Earliest Available Appointments' }).waitFor();
      const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
      await cards.first().waitFor();
      await expect.poll(() => page.locator('ul[aria-busy="true"]').count()).toBe(0);
      // Every card tied with the soonest start carries the badge; restaurant cards keep their Restaurant badge.
      const soonest = items.map((i) => `${i.date} ${i.time}`).sort()[0];
      const tied = items.filter((i) => `${i.date} ${i.time}` === soonest).length;
      expect(await page.getByText('Earliest', { exact: true }).count()).toBe(tied);
      expect(await cards.first().getByText('Earliest', { exact: true }).count()).toBe(1);
      // A page at a time (DESIGN section 10): the restaurants' evening tables may come a page or two down.
      const restaurantLinks = page.getByTestId('earliest-card').and(page.locator('[href^="/restaurant/"]'));
      for (let more = 0; more < 10 && (await restaurantLinks.count()) === 0; more++) {
        const shown = await cards.count();
        await page.getByRole('button', { name: 'Show more appointments' }).click();
        await expect.poll(() => cards.count()).toBeGreaterThan(shown);
      }
      const restaurants = await restaurantLinks.count();
      expect(restaurants).toBeGreaterThan(0);
      expect(await cards.filter({ has: page.getByText('Restaurant', { exact: true }) }).count()).toBe(restaurants);
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await shot(page, `quick-booking-${name}`);
      if (name === 'phone') {
        // On the narrowest phones the names wrap instead of being cut ('Harbor Legal Advi…').
        await page.setViewportSize({ width: 320, height: PHONE.height });
        const cut = await page.getByTestId('earliest-card').evaluateAll((links) => links.flatMap((link) => Array.from(link.querySelectorAll('p')).filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.textContent)));
        expect(cut).toEqual([]);
        await page.setViewportSize(PHONE);
      }
      const href = (await cards.first().getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/(restaurant\/\d+\?date=\d{4}-\d{2}-\d{2}&time=\d{2}%3A\d{2}|book-appointment\?businessId=\d+&serviceId=\d+&date=[\d-]+&time=\d{2}%3A\d{2})$/);
      await cards.first().click();
      await page.getByRole('heading', { name: /Reservation details|Your details/ }).waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
