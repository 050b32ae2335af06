import { describe, expect, it } from 'vitest';
import type { Business } from '../../src/contract/businesses';
import type { Offer } from '../../src/contract/offers';
import type { Service } from '../../src/contract/services';
import { formatTime12h } from '../../src/contract/time';
import { book, farDay, getJson, newCustomer, quietDay, register, serviceBusiness } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { dialogShot, expectAccessible, expectFitsViewport, expectNoHorizontalScroll, shot, toastTitled } from './support/page';

useBrowser();

// Move Back and a full restaurant's Skip the line, sent through the real app and server. The dialogs'
// defaults, money and refusals (a missing choice, credit short, a declined card, nobody earlier) are
// component tests: src/web/features/offers/components/offer-dialogs.test.tsx.

describe('offer dialogs', () => {
  it('sends a Move Back offer from My Appointments (phone)', async () => {
    const payer = await newCustomer('mbp', PHONE);
    const other = await newCustomer('mbo', DESKTOP);
    const { business, service } = await serviceBusiness(payer.context.request, 1);
    const { date, slots } = await quietDay(payer.context.request, business.id, service.id, farDay(26));
    await book(payer.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[0] });
    const later = await book(other.context.request, { businessId: business.id, serviceId: service.id, date, time: slots[2] });

    const p = payer.page;
    await p.goto('/appointments');
    const card = p.getByTestId('appointment-card').filter({ hasText: formatTime12h(slots[0]) }).first();
    await card.getByRole('button', { name: 'Move Back' }).click();
    const dialog = p.getByRole('dialog', { name: 'Move Back' });
    const option = dialog.getByRole('radio').first();
    await option.waitFor();
    expect(await dialog.getByTestId('offer-total').textContent()).toBe('$25.00');
    await dialog.getByRole('radio', { name: new RegExp(formatTime12h(slots[2])) }).check();
    await expectFitsViewport(p);
    await expectNoHorizontalScroll(p);
    await expectAccessible(p);
    await dialogShot(p, 'offers-move-back-phone');
    await dialog.getByRole('button', { name: 'Review Move Back Offer' }).click();
    await dialog.getByRole('button', { name: 'Send Move Back Offer' }).click();
    await toastTitled(p, 'Move Back Offer Sent!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const outgoing = p.getByRole('region', { name: 'Outgoing' }).getByTestId('offer-card').first();
    await outgoing.getByText(/Later time/).waitFor();
    await outgoing.getByRole('button', { name: 'Cancel Offer' }).waitFor();
    await shot(p, 'offers-move-back-sent-phone');
    const offers = await getJson<Offer[]>(payer.context.request, `/api/queue-jump-offers?forUser=${payer.user.id}`);
    expect(offers[0]).toMatchObject({ offerType: 'move_back', toAppointmentId: later.id, offerAmount: '20.00', totalCharge: '25.00', status: 'pending' });
    for (const s of [payer, other]) {
      expect(s.consoleErrors).toEqual([]);
      await s.context.close();
    }
  });

  it('offers to take a full restaurant\'s table with a temporary reservation (desktop)', async () => {
    const filler = await newCustomer('rsf', DESKTOP);
    const payer = await newCustomer('rsp', DESKTOP);
    const restaurants = await getJson<Business[]>(filler.context.request, '/api/businesses?type=restaurant');
    const restaurant = restaurants.find((r) => r.businessName === 'Sakura Sushi House') ?? restaurants[0];
    const [table] = await getJson<Service[]>(filler.context.request, `/api/businesses/${restaurant.id}/services`);
    const date = farDay(45);
    // Fill every table of the evening with parties of the restaurant's largest size, one guest a
    // table (a guest holds one reservation per restaurant and day).
    for (let i = 0; i < 60; i++) {
      await register(filler.context.request, 'rsf');
      const free = await getJson<string[]>(filler.context.request, `/api/available-slots?businessId=${restaurant.id}&serviceId=${table.id}&date=${date}&partySize=2`);
      if (free.length === 0) break;
      const big = await getJson<string[]>(filler.context.request, `/api/available-slots?businessId=${restaurant.id}&serviceId=${table.id}&date=${date}&partySize=${restaurant.maxPartySize ?? 6}`);
      await book(filler.context.request, { businessId: restaurant.id, serviceId: table.id, date, time: big[0] ?? free[0], partySize: big.length ? (restaurant.maxPartySize ?? 6) : 2 });
    }

    const p = payer.page;
    await p.goto(`/restaurant/${restaurant.id}?date=${date}`);
    await p.getByText('No available tables for this date').waitFor();
    await p.getByRole('button', { name: 'Skip the line' }).click();
    const dialog = p.getByRole('dialog', { name: 'Skip the Line' });
    await dialog.getByRole('radio').first().waitFor();
    expect(await dialog.getByTestId('offer-total').textContent()).toBe('$15.50');
    await dialog.getByRole('radio').first().check();
    await dialog.getByLabel('Party size').selectOption('2');
    await expectAccessible(p);
    await dialogShot(p, 'offers-restaurant-skip-desktop');
    await dialog.getByRole('button', { name: 'Review Offer' }).click();
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await toastTitled(p, 'Offer Sent!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const [offer] = await getJson<Offer[]>(payer.context.request, `/api/queue-jump-offers?forUser=${payer.user.id}`);
    expect(offer).toMatchObject({ temporaryReservation: true, offerAmount: '10.00', totalCharge: '15.50', status: 'pending' });
    expect(offer.fromAppointment).toMatchObject({ date, partySize: 2, isMine: true });
    await p.goto('/appointments');
    await p.getByRole('region', { name: 'Outgoing' }).getByText('The table you asked for').waitFor();
    await shot(p, 'offers-restaurant-sent-desktop');
    for (const s of [payer, filler]) {
      expect(s.consoleErrors).toEqual([]);
      await s.context.close();
    }
  });
});
