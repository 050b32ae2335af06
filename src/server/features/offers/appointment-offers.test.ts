import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../../contract/offers.js';
import { completeVisit, createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { type Client, contact, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { authorizedIntent, book, cardOffer, creditOffer, grantCredit, restaurant, swapParties, upcomingDay } from './test-fixtures.js';

// GET /api/appointments/:id/offers: what the cancel dialog needs to say what happens to the money
// (DESIGN section 5), for one appointment, to the two who may cancel it: its customer and its business.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const tiedTo = async (client: Client, appointmentId: number) => {
  const res = await client.get(`/api/appointments/${appointmentId}/offers`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Offer[];
};

describe('the offers tied to an appointment', () => {
  it('lists live and still-held offers to each side, with the other customer named, until the escrow settles', async () => {
    const p = await swapParties(ctx.app);
    const offer = (await cardOffer(p, 25)).json() as Offer;
    // Named as the profile reads, first name and initial (both booked as Pat Doe), never by username.
    expect(offer.counterpartName).toBe('Pat D.');

    const [sent] = await tiedTo(p.payer, p.payerAppointmentId);
    expect(sent).toMatchObject({ id: offer.id, direction: 'outgoing', status: 'pending', currentAmount: '25.00', heldAmount: '30.00', counterpartName: 'Pat D.' });
    const [received] = await tiedTo(p.payee, p.payeeAppointmentId);
    expect(received).toMatchObject({ id: offer.id, direction: 'incoming', status: 'pending', heldAmount: null, counterpartName: 'Pat D.' });
    // Neither side's answer carries the other's username anywhere.
    expect(JSON.stringify(sent)).not.toContain(p.payee.user.username);
    expect(JSON.stringify(received)).not.toContain(p.payer.user.username);

    // Countered and accepted by card: still tied, now with the escrow held until both visits are done.
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 40 })).statusCode).toBe(200);
    expect((await tiedTo(p.payer, p.payerAppointmentId))[0]).toMatchObject({ status: 'negotiating', currentAmount: '40.00', totalCharge: '45.00' });
    const topUp = await authorizedIntent(p.payer, 15);
    expect((await p.payer.post(`/api/queue-jump-offers/${offer.id}/accept-counter`, { paymentIntentId: topUp.paymentIntentId })).statusCode).toBe(200);
    expect((await tiedTo(p.payer, p.payerAppointmentId))[0]).toMatchObject({ status: 'accepted', escrowStatus: 'held', totalCharge: '45.00', recipientReceives: '38.00' });

    // The payee cancels their (now later) visit: the swap stands, the escrow waits for the payer's visit.
    expect((await p.payee.patch(`/api/appointments/${p.payeeAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    const [waiting] = await tiedTo(p.payer, p.payerAppointmentId);
    // The customer cancelled it, not the business: no refund is due to the payer.
    expect(waiting).toMatchObject({ status: 'accepted', escrowStatus: 'held', refundsPayer: false });
    expect(waiting.toAppointment).toMatchObject({ status: 'cancelled', isMine: false });

    // The payer's visit is done: the escrow is released, and nothing is tied any more.
    expect((await completeVisit(p.owner, p.payerAppointmentId)).statusCode).toBe(200);
    expect(await tiedTo(p.payer, p.payerAppointmentId)).toEqual([]);
    expect(await tiedTo(p.payee, p.payeeAppointmentId)).toEqual([]);
    const [history] = (await p.payer.get('/api/queue-jump-offers')).json() as Offer[];
    expect(history).toMatchObject({ id: offer.id, escrowStatus: 'released', counterpartName: 'Pat D.' });
  });

  it('leaves out ended offers; a live one ends with the appointment cancelled', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 5000);
    const declined = (await creditOffer(p, 10)).json() as Offer;
    expect((await p.payee.post(`/api/queue-jump-offers/${declined.id}/decline`)).statusCode).toBe(200);
    expect(await tiedTo(p.payee, p.payeeAppointmentId)).toEqual([]);

    const live = (await creditOffer(p, 12)).json() as Offer;
    expect((await tiedTo(p.payee, p.payeeAppointmentId)).map((o) => o.id)).toEqual([live.id]);
    expect((await p.payer.patch(`/api/appointments/${p.payerAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await tiedTo(p.payer, p.payerAppointmentId)).toEqual([]);
    expect(((await p.payer.get(`/api/queue-jump-offers/${live.id}`)).json() as Offer).status).toBe('cancelled');
  });

  it('answers only the appointment’s customer and its business: 401 signed out, 403 anyone else, 404 no such appointment, 400 a bad id', async () => {
    const p = await swapParties(ctx.app);
    await cardOffer(p, 25);
    const stranger = await signUp(ctx.app);
    const otherOwner = (await serviceBusiness(ctx.app)).owner;
    const url = `/api/appointments/${p.payeeAppointmentId}/offers`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // Not the other party: each reads the offer through their own side. Nor another business's owner.
    for (const client of [p.payer, otherOwner, stranger]) {
      const res = await client.get(url);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Only the customer of this appointment or its business can see the offers tied to it');
    }
    expect((await p.owner.get(url)).statusCode).toBe(200);
    expect((await p.payee.get('/api/appointments/999999/offers')).statusCode).toBe(404);
    expect((await p.owner.get('/api/appointments/999999/offers')).statusCode).toBe(404);
    expect((await p.payee.get('/api/appointments/abc/offers')).statusCode).toBe(400);
    expect((await p.owner.get('/api/appointments/0/offers')).statusCode).toBe(400);
  });
});

describe('the business owner reads the offers tied to an appointment before cancelling it', () => {
  /** Alice (15:00) offers Bob (09:00) $38 by card for his slot; each booked under their own name. */
  async function aliceAndBob() {
    const shop = await serviceBusiness(ctx.app);
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingWeekday();
    const at = { businessId: shop.businessId, serviceId: shop.serviceId, date };
    const late = await book(alice, { ...at, time: '15:00', ...contact('Alice Archer') });
    const early = await book(bob, { ...at, time: '09:00', ...contact('Bob Baker') });
    const intent = await authorizedIntent(alice, 43);
    const offer = await alice.post('/api/queue-jump-offers', {
      fromAppointmentId: late.json().id, toAppointmentId: early.json().id, offerAmount: 38, offerType: 'queue_jump', paymentMethod: 'cash', paymentIntentId: intent.clientSecret,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    return { ...shop, alice, bob, aliceSlot: late.json().id as number, bobSlot: early.json().id as number, offer: offer.json() as Offer };
  }

  it('sees the amounts, who pays (the sender) and the names both were booked under; customers never see names', async () => {
    const s = await aliceAndBob();
    const [pending] = await tiedTo(s.owner, s.bobSlot);
    expect(pending).toMatchObject({ id: s.offer.id, fromUserId: s.alice.user.id, toUserId: s.bob.user.id, status: 'pending', currentAmount: '38.00', totalCharge: '43.00', paymentMethod: 'cash' });
    expect(pending.fromAppointment).toMatchObject({ id: s.aliceSlot, customerName: 'Alice Archer', isMine: false });
    expect(pending.toAppointment).toMatchObject({ id: s.bobSlot, customerName: 'Bob Baker', isMine: false });
    // Neither party's: nothing to act on, and the payer's card and hold stay the payer's.
    expect(pending).toMatchObject({ heldAmount: null, paymentIntentId: null, waitingForResponse: false });
    expect(Object.values(pending.actions).every((may) => !may)).toBe(true);
    for (const [client, id] of [[s.alice, s.aliceSlot], [s.bob, s.bobSlot]] as const) {
      const [theirs] = await tiedTo(client, id);
      expect([theirs.fromAppointment.customerName, theirs.toAppointment.customerName]).toEqual([null, null]);
    }

    // Accepted: the appointments swapped; the owner's read of Alice's bought 9:00 says what it cost.
    expect((await s.bob.post(`/api/queue-jump-offers/${s.offer.id}/accept`, {})).statusCode).toBe(200);
    const [accepted] = await tiedTo(s.owner, s.aliceSlot);
    expect(accepted).toMatchObject({ status: 'accepted', escrowStatus: 'held', totalCharge: '43.00', recipientReceives: '36.10', refundsPayer: false });
    expect(accepted.fromAppointment).toMatchObject({ time: '09:00', customerName: 'Alice Archer', status: 'confirmed' });

    // The business cancels the slot Alice bought: once Bob's visit is done she is refunded in full,
    // which the offer says to everyone who may still cancel Bob's visit.
    expect((await s.owner.patch(`/api/appointments/${s.aliceSlot}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await tiedTo(s.owner, s.aliceSlot)).toHaveLength(1);
    for (const client of [s.owner, s.bob]) expect((await tiedTo(client, s.bobSlot))[0]).toMatchObject({ escrowStatus: 'held', refundsPayer: true });
    expect((await completeVisit(s.owner, s.bobSlot)).statusCode).toBe(200);
    expect(await tiedTo(s.owner, s.aliceSlot)).toEqual([]);
    expect(((await s.alice.get(`/api/queue-jump-offers/${s.offer.id}`)).json() as Offer).escrowStatus).toBe('refunded');
  });

  it("does not see a restaurant offer's pending table: it is the sender's alone (404, as cancelling it is)", async () => {
    const dining = await restaurant(ctx.app);
    const [holder, wanter] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingDay(3);
    const table = await book(holder, { businessId: dining.businessId, serviceId: dining.serviceId, date, time: '19:00', partySize: 2 });
    const intent = await authorizedIntent(wanter, 15.5);
    const made = await wanter.post('/api/queue-jump-offers', {
      toAppointmentId: table.json().id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'cash', paymentIntentId: intent.clientSecret,
      temporaryReservation: { date, time: '19:00', partySize: 2 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const pendingTable = (made.json() as Offer).fromAppointmentId;
    expect((await dining.owner.get(`/api/appointments/${pendingTable}/offers`)).statusCode).toBe(404);
    expect((await wanter.get(`/api/appointments/${pendingTable}/offers`)).statusCode).toBe(200);
    // The holder's confirmed table is the restaurant's to cancel: its owner reads the offer on it.
    const [onTable] = await tiedTo(dining.owner, table.json().id);
    expect(onTable).toMatchObject({ temporaryReservation: true, status: 'pending', totalCharge: '15.50' });
  });
});
