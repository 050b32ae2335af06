import { addDays, dayOfWeek } from '../../src/contract/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { book, getJson, newServiceBusiness, register, todayIn } from './support/api';
import { DESKTOP, newPage, PHONE, uniqueName, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, shot } from './support/page';

// Quick booking on a date two weeks ahead (issue 27; decision 0024, addendum "a later date"): a
// service booked solid all this week has no stored free time, yet on the date asked, where it is
// free, it is listed with its free times from the time asked, each a button into booking it.
useBrowser();

const zone = 'America/New_York';
/** Two weeks ahead, on a weekday (the studio works Mon-Fri). */
const day = (() => {
  let d = addDays(todayIn(zone), 14);
  while (dayOfWeek(d) === 0 || dayOfWeek(d) === 6) d = addDays(d, 1);
  return d;
})();
let name = '';

beforeAll(async () => {
  name = uniqueName('Solid Week Studio ');
  const { context } = await newPage();
  // Mon-Fri 09:00-17:00, a four-hour session: two bookings fill a day
  const { business } = await newServiceBusiness(context.request, { businessName: name, timeZone: zone });
  const owner = context.request;
  const service = await owner.post(`/api/businesses/${business.id}/services`, { data: { name: 'Half-day session', duration: 240, price: '90.00', description: '' } });
  expect(service.status(), await service.text()).toBe(201);
  const serviceId = ((await service.json()) as { id: number }).id;
  // the first service as well: every service of the business is booked solid this week
  const services = await getJson<{ id: number; duration: number }[]>(owner, `/api/businesses/${business.id}/services`);
  const customer = await newPage();
  await register(customer.context.request, 'solid');
  for (let d = 0; d < 7; d++) {
    const date = addDays(todayIn(zone), d);
    for (let round = 0; round < 10; round++) {
      const free = await getJson<string[]>(customer.context.request, `/api/available-slots?businessId=${business.id}&serviceId=${serviceId}&date=${date}`);
      if (!free.length) break;
      await book(customer.context.request, { businessId: business.id, serviceId, date, time: free[0] });
    }
    for (const s of services) {
      const left = await getJson<string[]>(customer.context.request, `/api/available-slots?businessId=${business.id}&serviceId=${s.id}&date=${date}`);
      expect(left, `${date}: service ${s.id} still free`).toEqual([]);
    }
  }
  await customer.context.close();
  await context.close();
}, 120_000);

describe('quick booking: a date two weeks ahead', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`lists a service booked solid this week, free that day, with its times from 10 AM as buttons (${label})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      // nothing free this week: not in the plain list
      const plain = await getJson<{ business: { businessName: string } }[]>(context.request, '/api/earliest-appointments?limit=100');
      expect(plain.some((i) => i.business.businessName === name)).toBe(false);

      await page.goto('/quick-booking');
      await page.getByTestId('earliest-card').first().waitFor();
      await page.getByLabel('Date').fill(day);
      await page.getByLabel('From').selectOption('10:00');
      await expect.poll(() => page.url()).toContain(`date=${day}&time=10%3A00`);
      const cardDays = () => page.getByTestId('earliest-card').evaluateAll((els) => els.map((e) => new URL(e.getAttribute('href')!, 'http://x').searchParams.get('date')));
      await expect.poll(async () => { const days = await cardDays(); return days.length > 0 && days.every((d) => d === day); }, { timeout: 15_000 }).toBe(true);

      // after the services with a free time this week: Show more until it is listed
      const ours = page.locator('li').filter({ has: page.getByTestId('earliest-card') }).filter({ hasText: name }).filter({ hasText: 'Half-day session' });
      for (let i = 0; i < 30 && (await ours.count()) === 0; i++) {
        const more = page.getByRole('button', { name: 'Show more appointments' });
        await Promise.race([ours.first().waitFor({ timeout: 3000 }).catch(() => {}), more.waitFor({ timeout: 3000 }).catch(() => {})]);
        if (await ours.count()) break;
        if (await more.count()) await more.click();
      }
      expect(await ours.count()).toBe(1);
      const times = ours.getByTestId('earliest-time');
      expect(await times.allTextContents()).toEqual(['10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM']);
      for (const href of await times.evaluateAll((els) => els.map((e) => e.getAttribute('href')!))) {
        expect(new URL(href, 'http://x').searchParams.get('date')).toBe(day);
      }
      if (label === 'phone') await expectNoHorizontalScroll(page);
      await ours.scrollIntoViewIfNeeded();
      await shot(page, `quick-booking-later-date-${label}`);

      // 11 AM opens booking that service at 11 AM that day
      await times.nth(2).click();
      await expect.poll(() => page.url()).toContain(`date=${day}`);
      await expect.poll(() => page.url()).toContain('time=11%3A00');
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
