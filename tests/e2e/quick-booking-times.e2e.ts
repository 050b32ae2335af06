import { addDays } from '../../src/contract/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { newRestaurant, todayIn } from './support/api';
import { DESKTOP, newPage, PHONE, uniqueName, useBrowser } from './support/browser';
import { expectAccessible, expectNoHorizontalScroll, shot } from './support/page';

// "A table at 6 pm for 2" (issue 27, DESIGN section 10): quick booking searched by date, From and party
// size lists restaurants free at or after 6 PM that day (over every free start, not only their
// soonest), each card with its free times as buttons that open the reservation at that time. One
// restaurant is in Tokyo, so the list mixes zones: each card and the From field say whose clock.
useBrowser();

// Ten days ahead: beyond the week of stored free times, so the search is not limited to a week.
const day = addDays(todayIn('America/New_York'), 10);
let names: string[] = [];

beforeAll(async () => {
  const token = uniqueName('Sixpm');
  names = [`${token} Bistro`, `${token} Izakaya`];
  const { context } = await newPage();
  // each call signs up an owner of its own (the context's cookie follows the latest)
  await newRestaurant(context.request, { businessName: names[0], timeZone: 'America/New_York' });
  await newRestaurant(context.request, { businessName: names[1], timeZone: 'Asia/Tokyo' });
  await context.close();
}, 60_000);

describe('quick booking: a table at 6 pm for 2', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`searching a date, From and party lists the free tables at 6 PM, each time a button into the reservation (${label})`, async () => {
      const { page, context, consoleErrors } = await newPage(viewport);
      await page.goto('/quick-booking');
      await page.getByTestId('earliest-card').first().waitFor();
      await page.getByLabel('Date').fill(day);
      await page.getByLabel('From').selectOption('18:00');
      await page.getByLabel('Party size').selectOption('2');
      await expect.poll(() => page.url()).toContain(`date=${day}&time=18%3A00&partySize=2`);
      // the searched list in place of the one shown meanwhile: every card on that day
      const cardDays = () => page.getByTestId('earliest-card').evaluateAll((els) => els.map((e) => new URL(e.getAttribute('href')!, 'http://x').searchParams.get('date')));
      // (the cards of the search before, date only, are on that day too: wait until they are replaced)
      await expect.poll(async () => { const days = await cardDays(); return days.length > 0 && days.every((d) => d === day); }, { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.locator('ul[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);

      // Ours may be past the first page: Show more until both are listed (the list is soonest first).
      const ours = page.locator('li').filter({ has: page.getByTestId('earliest-card') }).filter({ hasText: names[0] });
      const theirs = page.locator('li').filter({ has: page.getByTestId('earliest-card') }).filter({ hasText: names[1] });
      for (let i = 0; i < 20 && ((await ours.count()) === 0 || (await theirs.count()) === 0); i++) {
        const more = page.getByRole('button', { name: 'Show more appointments' });
        await Promise.race([ours.and(theirs).first().waitFor({ timeout: 3000 }).catch(() => {}), more.waitFor({ timeout: 3000 }).catch(() => {})]);
        if ((await ours.count()) && (await theirs.count())) break;
        if (await more.count()) await more.click();
      }
      expect(await ours.count()).toBe(1);
      expect(await theirs.count()).toBe(1);

      // Every card's times are at or after 6 PM that day (the first is the card's own time).
      for (const href of await page.getByTestId('earliest-time').evaluateAll((els) => els.map((e) => e.getAttribute('href')!))) {
        const q = new URL(href, 'http://x').searchParams;
        expect(q.get('date')).toBe(day);
        expect(q.get('time')! >= '18:00').toBe(true);
      }
      const times = ours.getByTestId('earliest-time');
      expect(await times.allTextContents()).toEqual(['6:00 PM', '6:30 PM', '7:00 PM', '7:30 PM', '8:00 PM']);
      // Whose clock: each card says it, and so does From, as the list mixes New York and Tokyo.
      await expect.poll(() => ours.getByTestId('earliest-zone').textContent()).toContain('New York time');
      expect(await theirs.getByTestId('earliest-zone').textContent()).toContain('Tokyo time');
      expect(await page.getByTestId('from-zone').textContent()).toBe("each business's time");
      if (label === 'phone') await expectNoHorizontalScroll(page);
      await ours.scrollIntoViewIfNeeded();
      await shot(page, `quick-booking-times-${label}`);
      await expectAccessible(page);

      // The 7 PM button opens the reservation at 7 PM that day.
      await times.nth(2).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`/restaurant/\\d+\\?date=${day}&time=19%3A00$`));
      await page.getByRole('heading', { name: 'Reservation details' }).waitFor();
      await page.getByText(/7:00 PM/).first().waitFor();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }
});
