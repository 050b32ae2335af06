import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../../contract/rules.js';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { expectLedgerBalanced, grantCredit, offerCount, wallet } from './test-fixtures.js';

// Holes an outside probe found (issue 17), each refused when the offer is made, with nothing held:
// an owner trading at their own business (and releasing the escrow to themselves), one target
// taking 16 live offers (5 from one sender), and offers whose swap could never happen.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const queueJump = (from: Client, fromAppointmentId: number, toAppointmentId: number, offerAmount = 10) =>
  from.post('/api/queue-jump-offers', { fromAppointmentId, toAppointmentId, offerAmount, offerType: 'queue_jump', paymentMethod: 'credits' });

async function bookAt(client: Client, shop: { businessId: number; serviceId: number }, date: string, time: string, serviceId = shop.serviceId) {
  const res = await book(client, { businessId: shop.businessId, serviceId, date, time });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('offer limits', () => {
  it('an owner neither sends nor receives offers at their own business', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(2);
    const ownersOwn = await bookAt(shop.owner, shop, date, '09:00');
    const customers = await bookAt(customer, shop, date, '10:00');
    const ownersLater = await bookAt(shop.owner, shop, date, '11:00');
    for (const c of [shop.owner, customer]) await grantCredit(ctx.database, c.user.id, 5000);
    const before = await offerCount(ctx.database);

    const sent = await queueJump(shop.owner, ownersLater, customers);
    expect(sent.statusCode, sent.body).toBe(403);
    expect(sent.json().message).toBe('You own this business: offers are between its customers');
    const received = await queueJump(customer, customers, ownersOwn);
    expect(received.statusCode, received.body).toBe(409);
    expect(received.json().message).toMatch(/business’s own/);
    expect(await offerCount(ctx.database)).toBe(before);
    expect((await wallet(shop.owner)).heldInEscrow).toBe('0.00');
    expect((await wallet(customer)).heldInEscrow).toBe('0.00');
  });

  it(`one target takes at most ${RULES.maxLiveOffersPerTarget} live offers, and one sender at most ${RULES.maxLiveOffersPerSenderPerTarget}`, async () => {
    const shop = await serviceBusiness(ctx.app, { duration: 15 });
    const date = upcomingWeekday(2);
    const holder = await signUp(ctx.app);
    const target = await bookAt(holder, shop, date, '09:00');
    const senders = await Promise.all(Array.from({ length: RULES.maxLiveOffersPerTarget + 1 }, () => signUp(ctx.app)));
    const own: number[] = [];
    for (const [i, s] of senders.entries()) {
      own.push(await bookAt(s, shop, date, `1${i}:00`));
      await grantCredit(ctx.database, s.user.id, 5000);
    }
    // The first sender's second appointment: a second offer from them on the same target is refused.
    const second = await bookAt(senders[0], shop, date, '16:00');
    expect((await queueJump(senders[0], own[0], target)).statusCode).toBe(201);
    const again = await queueJump(senders[0], second, target);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toMatch(/already have an open offer on that appointment/);

    for (let i = 1; i < RULES.maxLiveOffersPerTarget; i++) expect((await queueJump(senders[i], own[i], target)).statusCode).toBe(201);
    const over = await queueJump(senders[RULES.maxLiveOffersPerTarget], own[RULES.maxLiveOffersPerTarget], target);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().message).toBe(`That appointment already has ${RULES.maxLiveOffersPerTarget} open offers: try again when one of them is answered`);
    expect((await wallet(senders[RULES.maxLiveOffersPerTarget])).heldInEscrow).toBe('0.00');

    // Once one is answered, there is room again.
    const offers = (await holder.get('/api/queue-jump-offers')).json() as { id: number }[];
    expect((await holder.post(`/api/queue-jump-offers/${offers[0].id}/decline`)).statusCode).toBe(200);
    expect((await queueJump(senders[RULES.maxLiveOffersPerTarget], own[RULES.maxLiveOffersPerTarget], target)).statusCode).toBe(201);
    await expectLedgerBalanced(ctx.database);
  });

  it('refuses, when it is made, an offer whose swap could never happen: it would overlap a third booking', async () => {
    const shop = await serviceBusiness(ctx.app, { duration: 30 });
    const long = await shop.owner.post(`/api/businesses/${shop.businessId}/services`, { name: 'Long visit', duration: 90, price: '90.00' });
    expect(long.statusCode).toBe(201);
    const date = upcomingWeekday(2);
    const [early, middle, late] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const target = await bookAt(early, shop, date, '09:00');
    await bookAt(middle, shop, date, '09:30');
    // A 90-minute visit at 11:00 would run 09:00-10:30 after the swap, over the 09:30 booking.
    const own = await bookAt(late, shop, date, '11:00', long.json().id);
    await grantCredit(ctx.database, late.user.id, 5000);
    const res = await queueJump(late, own, target);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/cannot trade places: at 9:00 AM, [A-Z][a-z]+day/);
    expect((await wallet(late)).heldInEscrow).toBe('0.00');
  });

  it('accept-counter needs a counter on the table, checked with the offer locked', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(2);
    const [early, late] = [await signUp(ctx.app), await signUp(ctx.app)];
    const target = await bookAt(early, shop, date, '09:00');
    const own = await bookAt(late, shop, date, '10:00');
    await grantCredit(ctx.database, late.user.id, 5000);
    const offer = (await queueJump(late, own, target)).json();
    const res = await early.post(`/api/queue-jump-offers/${offer.id}/accept-counter`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('There is no counter offer to accept');
    expect((await early.get(`/api/queue-jump-offers/${offer.id}`)).json().status).toBe('pending');
  });
});
