import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/contract/appointments';
import type { Notification } from '../../src/contract/live';
import { addDays, formatSlot } from '../../src/contract/time';
import { formatInstant } from '../../src/web/lib/business-time';
import { book, cardOffer, getJson, newCustomer, newServiceBusiness, quietDay, roundTheClockShop, startsWithin, todayIn } from './support/api';
import { newPage, PHONE, useBrowser } from './support/browser';
import { expectNoHorizontalScroll, openTab, shot } from './support/page';

// Issue 18, at 375 px: notifications name the slot their reader cares about in the app's words; every
// time on a card is on the business's clock and says so from another zone; waits read as times.

useBrowser();

const NEW_YORK = 'America/New_York';
const BERLIN = 'Europe/Berlin';

/** Alice ($43 by card: $38 + the $5 fee) offers $38 for Bob's 9:00 at a New York studio; she holds 11:00. */
async function offerOnBobsNine(zones: { bob: string; alice: string }) {
  const owner = await newPage(PHONE);
  const { business, service } = await newServiceBusiness(owner.context.request, { timeZone: NEW_YORK });
  await owner.context.close();
  const bob = await newCustomer('bob', PHONE, { timezoneId: zones.bob });
  const alice = await newCustomer('alice', PHONE, { timezoneId: zones.alice });
  const { date } = await quietDay(bob.context.request, business.id, service.id, addDays(todayIn(NEW_YORK), 2));
  const nine = await book(bob.context.request, { businessId: business.id, serviceId: service.id, date, time: '09:00' });
  const eleven = await book(alice.context.request, { businessId: business.id, serviceId: service.id, date, time: '11:00' });
  const offer = await cardOffer(alice.context.request, eleven.id, nine.id, 38);
  return { business, date, bob, alice, offer, nine, eleven };
}

/** Opens the bell on My Appointments, once its unread notifications are in, and returns the item with this title. */
async function openBellAt(page: Page, title: string) {
  await page.goto('/appointments');
  const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
  const item = page.getByTestId('notification-item').filter({ hasText: title });
  // Under load the header can re-render between the count arriving and the click (the live connection
  // refreshing it), so a click that opened nothing is repeated, as a person would.
  for (let attempt = 1; ; attempt++) {
    await bell.waitFor();
    await bell.click();
    try {
      await item.waitFor({ timeout: 10_000 });
      return item;
    } catch (e) {
      if (attempt === 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

describe('times and notifications (issue 18)', () => {
  it('each notification names the slot its reader cares about, as the app words it', async () => {
    const { business, date, bob, alice, offer } = await offerOnBobsNine({ bob: NEW_YORK, alice: NEW_YORK });
    const nine = formatSlot(date, '09:00');

    // Bob, whose 9:00 the offer is for, reads about his own appointment.
    const received = await openBellAt(bob.page, 'New offer: $38.00');
    expect(await received.textContent()).toContain(`Test C. offers $38.00 to take your appointment at ${business.businessName} at ${nine}.`);
    await expectNoHorizontalScroll(bob.page);
    await shot(bob.page, 'times-bell-offer-received-phone');

    // Bob accepts: Alice, who paid, reads the 9:00 slot she moved into, not her old 11:00.
    expect((await bob.context.request.post(`/api/queue-jump-offers/${offer.id}/accept`, { data: {} })).status()).toBe(200);
    const accepted = await openBellAt(alice.page, 'Offer accepted: $38.00');
    // The body alone: the item's own time stamp is when it was sent, which may read 11:00 at some hours.
    const text = (await accepted.getByTestId('notification-body').textContent()) ?? '';
    expect(text).toContain(`Test C. accepted $38.00. Your appointment at ${business.businessName} is now at ${nine};`);
    expect(text).not.toMatch(/11:00|\d{4}-\d\d-\d\d|09:00/);
    await expectNoHorizontalScroll(alice.page);
    await shot(alice.page, 'times-bell-offer-accepted-phone');
    for (const c of [bob, alice]) {
      expect(c.consoleErrors).toEqual([]);
      await c.context.close();
    }
  });

  it("every time on a card is on the business's clock, and says so from another zone", async () => {
    // Bob's browser is in Berlin, the studio in New York; Alice is in New York.
    const { date, bob, alice, offer } = await offerOnBobsNine({ bob: BERLIN, alice: NEW_YORK });
    const b = bob.page;
    await b.goto('/appointments');
    const card = b.getByTestId('appointment-card').first();
    await card.getByText('9:00 AM New York time · 60 min').waitFor();
    // The offer's expiry: the same instant as the API's, on New York's clock, saying so.
    const incoming = b.getByRole('region', { name: 'Incoming' }).getByTestId('offer-card').first();
    await incoming.getByText(`(${formatInstant(offer.expiresAt, NEW_YORK, BERLIN)})`, { exact: false }).waitFor();
    expect(formatInstant(offer.expiresAt, NEW_YORK, BERLIN)).toMatch(/New York time$/);
    await incoming.getByText(/at 9:00 AM New York time/).waitFor();
    await incoming.getByText(/at 11:00 AM New York time/).waitFor();
    await expectNoHorizontalScroll(b);
    await shot(b, 'times-berlin-browser-appointments-phone');

    // The bell: when the notification came, on New York's clock.
    const [note] = (await getJson<{ notifications: Notification[] }>(bob.context.request, '/api/notifications')).notifications.filter((n) => n.kind === 'offer_received');
    const item = await openBellAt(b, 'New offer: $38.00');
    await item.getByText(formatInstant(note.createdAt, NEW_YORK, BERLIN)).waitFor();
    await shot(b, 'times-berlin-browser-bell-phone');
    await b.keyboard.press('Escape');

    // The queue dashboard: his visit and his turn on New York's clock.
    await b.goto('/queue-dashboard');
    const entry = b.getByTestId('active-queue').first();
    await entry.getByText(/· 9:00 AM New York time$/).waitFor();
    expect(await entry.getByTestId('queue-wait').textContent()).toMatch(/New York time$/);
    await shot(b, 'times-berlin-browser-queue-phone');

    // Alice's browser is on New York's clock: nothing to say.
    await alice.page.goto('/appointments');
    const hers = alice.page.getByTestId('appointment-card').filter({ hasText: '11:00 AM' });
    await hers.getByText('11:00 AM · 60 min').waitFor();
    expect(await alice.page.getByText(/New York time/).count()).toBe(0);
    const mine = await getJson<Appointment[]>(alice.context.request, '/api/appointments');
    expect(mine.map((a) => [a.date, a.time, a.timeZone])).toEqual([[date, '11:00', NEW_YORK]]);
    for (const c of [bob, alice]) {
      expect(c.consoleErrors).toEqual([]);
      await c.context.close();
    }
  });

  it('waits read as a time of day, not a count of minutes, for the customer and the owner', async () => {
    const owner = await newPage(PHONE);
    const { business, service } = await roundTheClockShop(owner.context.request);
    const zone = business.timeZone;
    const me = await newCustomer('wait', PHONE, { timezoneId: zone });
    const soon = await startsWithin(me.context.request, business, service.id, 20, 55);
    const later = await startsWithin(me.context.request, business, service.id, 125, 170);
    const tomorrow = addDays(todayIn(zone), 1);
    for (const [date, time] of [[soon.date, soon.times[0]], [later.date, later.times[0]], [tomorrow, '11:00']]) {
      await book(me.context.request, { businessId: business.id, serviceId: service.id, date, time });
    }

    const p = me.page;
    await p.goto('/queue-dashboard');
    const waits = p.getByTestId('queue-wait');
    await expect.poll(() => waits.count()).toBe(3);
    const texts = await waits.allTextContents();
    expect(texts[0]).toMatch(/^Your turn in ~\d{1,2} min$/);
    expect(texts[1]).toMatch(/^Your turn in \d h( \d{1,2} min)?$/);
    expect(texts[2]).toBe('Your turn tomorrow at 11:00 AM');
    const avgWait = p.getByTestId('stat-Avg Wait');
    expect(await avgWait.textContent()).toMatch(/^\d{1,2} h( \d{1,2} min)?$/);
    // "11 h 52 min" wraps between its parts inside its third of a phone's width, never past the card.
    expect(await avgWait.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await p.locator('main').textContent()).not.toMatch(/\d{3,} ?min/);
    await expectNoHorizontalScroll(p);
    await shot(p, 'times-waits-queue-dashboard-phone');

    // The owner's Today's queue: today's two, each named, with how long until their booking.
    const o = owner.page;
    await o.goto('/business-dashboard?tab=queue');
    await openTab(o, "Today's queue");
    const lines = o.getByTestId('owner-queue-time');
    await expect.poll(() => lines.count()).toBe(2);
    const owned = await lines.allTextContents();
    expect(owned[0]).toMatch(/ · in \d{1,2} min$/);
    expect(owned[1]).toMatch(/ · in \d h( \d{1,2} min)?$/);
    expect(await o.getByTestId('owner-queue-customer').allTextContents()).toEqual(['Test Customer', 'Test Customer']);
    await expectNoHorizontalScroll(o);
    await shot(o, 'times-waits-owner-queue-phone');
    for (const c of [me, owner]) {
      expect(c.consoleErrors).toEqual([]);
      await c.context.close();
    }
  });
});
