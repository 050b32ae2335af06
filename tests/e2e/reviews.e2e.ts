import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { Business } from '../../src/contract/businesses';
import { book, getJson, newCustomer, roundTheClockShop, startsWithin } from './support/api';
import { DESKTOP, newPage, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectNoHorizontalScroll, shot, toastTitled } from './support/page';

// Verified reviews end to end (DESIGN section 10), at 375 and 1280 px: a visit the owner really
// completes (a shop open around the clock, its next start minutes away: no clock is faked), the
// customer's review from My Appointments, the business page's rating and list, and the owner's reply
// and report from the dashboard's Reviews tab.

useBrowser();

describe('verified reviews', () => {
  for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`a completed visit is reviewed, listed on the business page, and answered by the owner (${name})`, async () => {
      const owner = await newPage(viewport);
      const { business, service } = await roundTheClockShop(owner.context.request);
      const customer = await newCustomer('reviewer', viewport);
      const soon = await startsWithin(customer.context.request, business, service.id, 5, 50);
      const visit = await book(customer.context.request, { businessId: business.id, serviceId: service.id, date: soon.date, time: soon.times[0], customerName: 'Dana Reviewer' });
      const done = await owner.context.request.post(`/api/appointments/${visit.id}/complete`, { data: {} });
      expect(done.status(), await done.text()).toBe(200);

      // The completion asked for a review (issue 27): the bell's notification opens the review dialog
      // on My Appointments, whose card invites it too.
      const { page } = customer;
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await page.getByTestId('notification-item').filter({ hasText: 'How was your visit?' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/appointments');
      const card = page.getByTestId('appointment-card').filter({ hasText: service.name });
      await card.getByTestId('review-prompt').waitFor();
      const dialog = page.getByRole('dialog', { name: 'How was it?' });
      await dialog.waitFor();
      // Stars by keyboard: the radio group takes the arrow keys.
      await dialog.getByRole('radio', { name: '1 star, Poor' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await dialog.getByRole('radio', { name: '4 stars, Very good' }).isChecked()).toBe(true);
      await dialog.getByLabel(/Tell others about it/).fill('Quick and friendly, right on time.');
      await dialog.getByText('34/2000').waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await dialogShot(page, `reviews-dialog-${name}`);
      await dialog.getByRole('button', { name: 'Publish review' }).click();
      await toastTitled(page, 'Thanks for your review').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await card.getByTestId('my-review').waitFor();
      await card.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
      const mine = await getJson<Appointment[]>(customer.context.request, '/api/appointments');
      expect(mine.find((a) => a.id === visit.id)).toMatchObject({ review: { rating: 4 }, reviewableUntil: null });
      await shot(page, `reviews-my-appointments-${name}`);

      // The business page: its rating and the review, signed "Dana R.".
      await page.goto(`/book/${business.id}`);
      const reviews = page.getByTestId('business-reviews');
      await reviews.getByTestId('review').filter({ hasText: 'Dana R.' }).getByText('Verified visit').waitFor();
      await reviews.getByText('Quick and friendly, right on time.').waitFor();
      await reviews.getByLabel('Rated 4.0 out of 5 from 1 review').waitFor();
      expect((await getJson<Business>(customer.context.request, `/api/businesses/${business.id}`)).ratingAverage).toBe(4);

      // The owner replies from the dashboard's Reviews tab, then reports it.
      await owner.page.goto('/business-dashboard?tab=reviews');
      const item = owner.page.getByTestId('owner-reviews').getByTestId('review').filter({ hasText: 'Dana R.' });
      await item.waitFor();
      await item.getByRole('button', { name: 'Reply' }).click();
      await item.getByLabel('Your reply').fill('Thank you, Dana! See you next time.');
      await item.getByRole('button', { name: 'Post reply' }).click();
      await toastTitled(owner.page, 'Reply posted').waitFor();
      await item.getByTestId('review-reply').filter({ hasText: 'Thank you, Dana!' }).waitFor();
      await item.getByRole('button', { name: 'Edit reply' }).waitFor();
      await item.getByRole('button', { name: 'Report' }).click();
      const report = owner.page.getByRole('dialog', { name: 'Report this review' });
      await report.getByLabel(/Reason/).fill('Testing the report button');
      await report.getByRole('button', { name: 'Report review' }).click();
      await toastTitled(owner.page, 'Review reported').waitFor();
      await item.getByText('Reported', { exact: true }).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(owner.page);
      await expectAccessible(owner.page);
      await shot(owner.page, `reviews-dashboard-${name}`);

      // The reply shows under the review on the business page; the reported review stays.
      await page.reload();
      await reviews.getByTestId('review-reply').filter({ hasText: 'Thank you, Dana!' }).waitFor();
      if (name === 'phone') await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      await reviews.scrollIntoViewIfNeeded();
      await shot(page, `reviews-business-page-${name}`);
      expect(customer.consoleErrors).toEqual([]);
      expect(owner.consoleErrors).toEqual([]);
      await customer.context.close();
      await owner.context.close();
    });
  }
});
