import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import type { Client } from '../appointments/test-fixtures.js';
import {
  appointmentTime, authorizedIntent, book, cardOffer, creditOffer, expectLedgerBalanced, grantCredit, offerCount, restaurant, runPaymentActions, swapParties, upcomingDay, wallet,
} from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const creditOf = async (client: Client) => (await client.get(`/api/credits/${client.user.id}`)).json().credits as string;

describe('a queue jump paid by card, countered, accepted and released', () => {
  it('holds, negotiates, swaps, and pays out only after both completions, to the cent', async () => {
    const p = await swapParties(ctx.app);
    const created = await cardOffer(p, 25);
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json();
    expect(offer).toMatchObject({ status: 'pending', offerAmount: '25.00', totalCharge: '30.00', recipientReceives: '23.75', direction: 'outgoing' });
    expect(offer.actions).toEqual({ accept: false, decline: false, counter: false, acceptCounter: false, cancel: true });
    expect((await wallet(p.payer)).heldInEscrow).toBe('30.00');

    // The payee sees it without the payer's personal data, and may answer.
    const incoming = (await p.payee.get(`/api/queue-jump-offers?forUser=${p.payee.user.id}`)).json();
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({ direction: 'incoming', paymentIntentId: null, actions: { accept: true, decline: true, counter: true, cancel: false } });
    expect(JSON.stringify(incoming)).not.toMatch(/Pat Doe|pat@example.com|2125550100/);

    // Only the recipient starts a negotiation.
    expect((await p.payer.post(`/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 40 })).statusCode).toBe(403);
    const countered = await p.payee.post(`/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 40, counterMessage: 'Make it 40' });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({ status: 'negotiating', negotiationRound: 1, lastNegotiationBy: p.payee.user.id, counterOfferAmount: '40.00', waitingForResponse: true });
    // The payee countered last: they wait; a second counter from them is refused.
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 45 })).statusCode).toBe(403);
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/accept-counter`)).statusCode).toBe(403);

    // Accepting a raise needs the difference ($45 - $30 = $15) authorized by card.
    const noTopUp = await p.payer.post(`/api/queue-jump-offers/${offer.id}/accept-counter`);
    expect(noTopUp.statusCode).toBe(400);
    expect(await appointmentTime(p.payer, p.payerAppointmentId)).toMatchObject({ time: '15:00' });
    const topUp = await authorizedIntent(p.payer, 15);
    const accepted = await p.payer.post(`/api/queue-jump-offers/${offer.id}/accept-counter`, { paymentIntentId: topUp.paymentIntentId });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', currentAmount: '40.00', totalCharge: '45.00', escrowStatus: 'held' });

    // Swapped: the payer is now at 09:00, the payee at 15:00.
    expect(await appointmentTime(p.payer, p.payerAppointmentId)).toMatchObject({ time: '09:00', status: 'confirmed' });
    expect(await appointmentTime(p.payee, p.payeeAppointmentId)).toMatchObject({ time: '15:00', status: 'confirmed' });
    expect(await wallet(p.payee)).toMatchObject({ pendingIncoming: '38.00', earnings: '0.00' });
    expect((await wallet(p.payer)).heldInEscrow).toBe('45.00');

    // The owner sees which appointments were swapped and that completing them releases escrow.
    const swaps = (await p.owner.get(`/api/businesses/${p.businessId}/swaps`)).json();
    expect(swaps).toEqual([{ offerId: offer.id, appointmentIds: [p.payerAppointmentId, p.payeeAppointmentId], escrowStatus: 'held', releasesOnCompletion: true }]);

    // One completion is not enough; both release the escrow.
    expect((await completeVisit(p.owner, p.payerAppointmentId)).statusCode).toBe(200);
    expect((await p.payee.get(`/api/queue-jump-offers/${offer.id}`)).json().escrowStatus).toBe('held');
    expect((await completeVisit(p.owner, p.payeeAppointmentId)).statusCode).toBe(200);
    expect((await p.payee.get(`/api/queue-jump-offers/${offer.id}`)).json().escrowStatus).toBe('released');
    expect(await wallet(p.payee)).toMatchObject({ pendingIncoming: '0.00', earnings: '38.00' });
    expect((await wallet(p.payer)).heldInEscrow).toBe('0.00');
    const fees = await queryRows<{ kind: string; balance: number }>(
      ctx.database,
      `select kind, (credits_posted - debits_posted)::int as balance from ledger_accounts where kind in ('business_fees', 'platform_fees') and asset = 'USD' order by kind`,
    );
    expect(fees).toEqual([{ kind: 'business_fees', balance: 500 }, { kind: 'platform_fees', balance: 200 }]);

    // The processor captured $30 + $15 and paid $38 out, once each.
    await runPaymentActions(ctx.app);
    const actions = await queryRows<{ kind: string; amount: number; status: string }>(
      ctx.database,
      `select kind, amount_cents as amount, status from payment_actions where offer_id = ${offer.id} or payment_intent_id in (select id from payment_intents where offer_id = ${offer.id}) order by kind, amount_cents`,
    );
    expect(actions.map((a) => `${a.kind} ${a.amount}`)).toEqual(['capture 1500', 'capture 3000', 'payout 3800']);
    await expectLedgerBalanced(ctx.database);
  });
});

describe('offer rules', () => {
  it('refuses wrong targets, wrong parties and bad amounts, writing nothing', async () => {
    const p = await swapParties(ctx.app);
    const before = await offerCount(ctx.database);
    const other = await signUp(ctx.app);
    const cases: [ReturnType<typeof cardOffer>, number][] = [
      [creditOffer(p, 10, { fromUserId: p.payee.user.id }), 403],
      [creditOffer(p, 10, { toUserId: p.payer.user.id }), 403],
      [creditOffer(p, 4), 400],
      [creditOffer(p, 201), 400],
      [creditOffer(p, 10, { toAppointmentId: 999999 }), 404],
      [creditOffer(p, 10, { toAppointmentId: p.payerAppointmentId }), 400],
      [creditOffer(p, 10, { offerType: 'move_back' }), 400],
      [creditOffer(p, 10), 400],
      [other.post('/api/queue-jump-offers', { fromAppointmentId: p.payerAppointmentId, toAppointmentId: p.payeeAppointmentId, offerAmount: 10, paymentMethod: 'credits' }), 403],
    ];
    for (const [pending, status] of cases) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(status);
    }
    const target = await creditOffer(p, 10, { toAppointmentId: 999999 });
    expect(target.json().message).toBe('Target appointment not found');
    const poor = await creditOffer(p, 10);
    expect(poor.json()).toEqual({ code: 'INSUFFICIENT_CREDIT', message: 'You need $15.00 in Que Credit but only have $0.00. Book more appointments to earn Que Credit!' });
    expect(await offerCount(ctx.database)).toBe(before);
  });

  it('names the amount range of SPEC section 5 and DESIGN section 5: $5-$200 for a queue jump, $1-$200 for a move back or a counter', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 30000);
    const message = async (res: Promise<{ json(): { message: string } }>) => (await res).json().message;
    for (const amount of [4.99, 200.01]) expect(await message(creditOffer(p, amount))).toBe('offerAmount: Offer amount must be between $5 and $200.');
    const moveBack = (offerAmount: number) =>
      p.payee.post('/api/queue-jump-offers', {
        fromAppointmentId: p.payeeAppointmentId, toAppointmentId: p.payerAppointmentId, offerAmount, offerType: 'move_back', paymentMethod: 'credits',
      });
    for (const amount of [0.99, 200.01]) expect(await message(moveBack(amount))).toBe('offerAmount: Offer amount must be between $1 and $200.');
    const made = await creditOffer(p, 5);
    expect(made.statusCode, made.body).toBe(201);
    for (const counterAmount of [0, 0.99, 200.01]) {
      const res = await p.payee.post(`/api/queue-jump-offers/${made.json().id}/negotiate`, { counterAmount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('counterAmount: Counter amount must be between $1 and $200.');
    }
    // the bounds themselves are allowed
    expect((await p.payee.post(`/api/queue-jump-offers/${made.json().id}/negotiate`, { counterAmount: 1 })).statusCode).toBe(200);
    expect((await creditOffer(p, 200, { fromAppointmentId: p.payerAppointmentId })).statusCode).toBe(409); // one live offer per pair
  });

  it('refuses every offer on an appointment booked with blockOffers (queue jump, move back, restaurant table), holding nothing', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 5000);
    // The payee's protected 11:00 (earlier than the payer's 15:00) and a protected later 16:00.
    const protectedEarlier = await book(p.payee, { businessId: p.businessId, serviceId: p.serviceId, date: p.date, time: '11:00', blockOffers: true });
    const protectedLater = await book(p.payee, { businessId: p.businessId, serviceId: p.serviceId, date: p.date, time: '16:00', blockOffers: true });
    expect([protectedEarlier.statusCode, protectedLater.statusCode]).toEqual([201, 201]);
    const before = await offerCount(ctx.database);
    const refused = [
      await creditOffer(p, 10, { toAppointmentId: protectedEarlier.json().id }),
      await creditOffer(p, 10, { toAppointmentId: protectedLater.json().id, offerType: 'move_back' }),
    ];
    const dining = await restaurant(ctx.app);
    const table = await book(p.payee, { businessId: dining.businessId, date: upcomingDay(4), time: '19:00', partySize: 2, blockOffers: true });
    expect(table.statusCode, table.body).toBe(201);
    refused.push(await p.payer.post('/api/queue-jump-offers', {
      toAppointmentId: table.json().id, offerAmount: 10, paymentMethod: 'credits', temporaryReservation: { date: upcomingDay(4), time: '19:00', partySize: 2 },
    }));
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ code: 'INVALID_STATE', message: 'That appointment does not accept queue jump or move back offers' });
    }
    expect(await offerCount(ctx.database)).toBe(before);
    expect((await wallet(p.payer)).heldInEscrow).toBe('0.00');
    // The unprotected 09:00 still takes offers.
    expect((await creditOffer(p, 10)).statusCode).toBe(201);
    await expectLedgerBalanced(ctx.database);
  });

  it('pays by credit, allows one live offer per pair, and refunds everything on decline', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 2000);
    const made = await creditOffer(p, 10);
    expect(made.statusCode, made.body).toBe(201);
    expect((await p.payer.get(`/api/credits/${p.payer.user.id}`)).json().credits).toBe('5.00');
    expect((await creditOffer(p, 5)).statusCode).toBe(409);
    const declined = await p.payee.post(`/api/queue-jump-offers/${made.json().id}/decline`);
    expect(declined.json().status).toBe('declined');
    expect((await p.payer.get(`/api/credits/${p.payer.user.id}`)).json().credits).toBe('20.00');
    expect((await p.payee.post(`/api/queue-jump-offers/${made.json().id}/accept`)).statusCode).toBe(409);
    await expectLedgerBalanced(ctx.database);
  });

  it('ends live offers and refunds when either appointment is cancelled or rescheduled', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 2000);
    const made = (await creditOffer(p, 10)).json();
    expect((await p.payee.patch(`/api/appointments/${p.payeeAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await p.payer.get(`/api/queue-jump-offers/${made.id}`)).json().status).toBe('cancelled');
    expect((await p.payer.get(`/api/credits/${p.payer.user.id}`)).json().credits).toBe('20.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('a lower final price returns the difference at acceptance; once accepted the swap is done, so the recipient is paid even if he cancels later', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 5000);
    const made = (await creditOffer(p, 30)).json();
    expect(await creditOf(p.payer)).toBe('15.00');
    await p.payee.post(`/api/queue-jump-offers/${made.id}/negotiate`, { counterAmount: 35 });
    const lower = await p.payer.post(`/api/queue-jump-offers/${made.id}/negotiate`, { counterAmount: 20 });
    expect(lower.statusCode, lower.body).toBe(200);
    const accepted = await p.payee.post(`/api/queue-jump-offers/${made.id}/accept-counter`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // the fee split is recorded on the offer when it is accepted
    expect(await queryRows(ctx.database, `select total_cents, recipient_cents, business_fee_cents, platform_fee_cents from offers where id = ${made.id}`)).toEqual([
      { total_cents: 2500, recipient_cents: 1900, business_fee_cents: 500, platform_fee_cents: 100 },
    ]);
    expect(await creditOf(p.payer)).toBe('25.00');
    // The payer was served in the slot she bought; then the recipient cancelled his own (now later) one.
    expect((await completeVisit(p.owner, p.payerAppointmentId)).statusCode).toBe(200);
    expect((await p.payee.patch(`/api/appointments/${p.payeeAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await p.payer.get(`/api/queue-jump-offers/${made.id}`)).json().escrowStatus).toBe('released');
    // the payer keeps $25 and the $1.00 her completed booking earned; the recipient gets $20 - 5%
    expect(await creditOf(p.payer)).toBe('26.00');
    expect(await creditOf(p.payee)).toBe('19.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('pays the recipient when the payer cancels the appointment she bought: the swap happened at acceptance', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 2500);
    const made = (await creditOffer(p, 20)).json();
    expect((await p.payee.post(`/api/queue-jump-offers/${made.id}/accept`)).statusCode).toBe(200);
    expect((await p.payer.patch(`/api/appointments/${p.payerAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await p.payer.get(`/api/queue-jump-offers/${made.id}`)).json().escrowStatus).toBe('held');
    expect((await completeVisit(p.owner, p.payeeAppointmentId)).statusCode).toBe(200);
    expect((await p.payer.get(`/api/queue-jump-offers/${made.id}`)).json().escrowStatus).toBe('released');
    expect(await creditOf(p.payer)).toBe('0.00');
    // $20 - 5%, and the $1.00 his completed booking earned
    expect(await creditOf(p.payee)).toBe('20.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('refunds the payer in full when the business cancels the appointment she bought', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 2500);
    const made = (await creditOffer(p, 20)).json();
    expect((await p.payee.post(`/api/queue-jump-offers/${made.id}/accept`)).statusCode).toBe(200);
    expect((await p.owner.patch(`/api/appointments/${p.payerAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await p.payee.patch(`/api/appointments/${p.payeeAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await p.payer.get(`/api/queue-jump-offers/${made.id}`)).json().escrowStatus).toBe('refunded');
    expect(await creditOf(p.payer)).toBe('25.00');
    expect(await creditOf(p.payee)).toBe('0.00');
    const told = await queryRows<{ kind: string; title: string }>(ctx.database, `select kind, title from notifications where user_id = ${p.payer.user.id} and offer_id = ${made.id} order by id desc limit 1`);
    expect(told).toEqual([{ kind: 'offer_refunded', title: 'Refunded: $25.00' }]);
    await expectLedgerBalanced(ctx.database);
  });
});
