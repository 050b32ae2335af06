import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { authorizedIntent, book, expectLedgerBalanced, restaurant, upcomingDay, wallet } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A restaurant with 4 seats whose 19:00 is full: the holder has a table for 4 there. */
async function fullRestaurant() {
  const dining = await restaurant(ctx.app, { seatingCapacity: 4, maxPartySize: 4 });
  const [holder, wanter] = [await signUp(ctx.app), await signUp(ctx.app)];
  const date = upcomingDay(3);
  const table = await book(holder, { businessId: dining.businessId, serviceId: dining.serviceId, date, time: '19:00', partySize: 4 });
  expect(table.statusCode, table.body).toBe(201);
  return { ...dining, holder, wanter, date, tableId: table.json().id as number };
}

async function offerForTable(r: Awaited<ReturnType<typeof fullRestaurant>>, partySize = 2) {
  // Restaurant fees: $10 + 5% + $5 = $15.50
  const intent = await authorizedIntent(r.wanter, 15.5);
  return r.wanter.post('/api/queue-jump-offers', {
    toAppointmentId: r.tableId,
    offerAmount: 10,
    offerType: 'queue_jump',
    paymentMethod: 'cash',
    paymentIntentId: intent.clientSecret,
    temporaryReservation: { date: r.date, time: '19:00', partySize, customerName: 'Wanda', customerPhone: '555-0199' },
  });
}

describe('restaurant skip-the-line with a temporary reservation', () => {
  it('holds no seats while pending, hands the table over on acceptance, and releases when the sender is served', async () => {
    const r = await fullRestaurant();
    const made = await offerForTable(r);
    expect(made.statusCode, made.body).toBe(201);
    const offer = made.json();
    expect(offer).toMatchObject({ temporaryReservation: true, totalCharge: '15.50', recipientReceives: '10.00' });
    // The pending reservation is the sender's alone: not in the restaurant's lists, no seats taken.
    const ownerView = (await r.owner.get(`/api/appointments?businessId=${r.businessId}&date=${r.date}`)).json();
    expect(ownerView.map((a: { id: number }) => a.id)).toEqual([r.tableId]);
    const mine = (await r.wanter.get('/api/appointments')).json();
    expect(mine).toEqual([expect.objectContaining({ id: offer.fromAppointmentId, status: 'pending', time: '19:00', partySize: 2 })]);

    const accepted = await r.holder.post(`/api/queue-jump-offers/${offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const statuses = await queryRows<{ id: number; status: string }>(ctx.database, `select id, status from appointments where id in (${r.tableId}, ${offer.fromAppointmentId}) order by id`);
    expect(statuses).toEqual([{ id: r.tableId, status: 'cancelled' }, { id: offer.fromAppointmentId, status: 'confirmed' }]);
    expect((await wallet(r.holder)).pendingIncoming).toBe('10.00');

    expect((await completeVisit(r.owner, offer.fromAppointmentId)).statusCode).toBe(200);
    expect((await r.holder.get(`/api/queue-jump-offers/${offer.id}`)).json().escrowStatus).toBe('released');
    expect(await wallet(r.holder)).toMatchObject({ earnings: '10.00', pendingIncoming: '0.00' });
    await expectLedgerBalanced(ctx.database);
  });

  it('cancels the pending reservation and returns the hold when the offer is declined', async () => {
    const r = await fullRestaurant();
    const offer = (await offerForTable(r)).json();
    expect((await r.holder.post(`/api/queue-jump-offers/${offer.id}/decline`)).json().status).toBe('declined');
    const [pending] = await queryRows<{ status: string }>(ctx.database, `select status from appointments where id = ${offer.fromAppointmentId}`);
    expect(pending.status).toBe('cancelled');
    expect((await wallet(r.wanter)).heldInEscrow).toBe('0.00');
    await expectLedgerBalanced(ctx.database);
  });

  it('withdraws the offer when the sender cancels the pending table: the hold comes back, and the holder keeps the table', async () => {
    const r = await fullRestaurant();
    const offer = (await offerForTable(r)).json();
    const cancelled = await r.wanter.patch(`/api/appointments/${offer.fromAppointmentId}`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await r.wanter.get(`/api/queue-jump-offers/${offer.id}`)).json().status).toBe('cancelled');
    expect((await wallet(r.wanter)).heldInEscrow).toBe('0.00');
    const [table] = await queryRows<{ status: string }>(ctx.database, `select status from appointments where id = ${r.tableId}`);
    expect(table.status).toBe('confirmed');
    expect((await r.holder.post(`/api/queue-jump-offers/${offer.id}/accept`)).statusCode).toBe(409);
    await expectLedgerBalanced(ctx.database);
  });

  it('keeps the pending table the sender\'s alone: the restaurant cannot cancel it by its id (404), and the offer stands', async () => {
    const r = await fullRestaurant();
    const offer = (await offerForTable(r)).json();
    const byOwner = await r.owner.patch(`/api/appointments/${offer.fromAppointmentId}`, { status: 'cancelled' });
    expect(byOwner.statusCode, byOwner.body).toBe(404);
    expect((await r.wanter.get(`/api/queue-jump-offers/${offer.id}`)).json()).toMatchObject({ status: 'pending', heldAmount: '15.50' });
    const [pending] = await queryRows<{ status: string }>(ctx.database, `select status from appointments where id = ${offer.fromAppointmentId}`);
    expect(pending.status).toBe('pending');
  });

  it('does not move the pending table: 409, and the offer, the table and the line stay as they were', async () => {
    const r = await fullRestaurant();
    const offer = (await offerForTable(r)).json();
    const pendingId = offer.fromAppointmentId as number;
    // 21:00 has free seats (the holder's table ends then), so only the status can refuse the move.
    const moved = await r.wanter.patch(`/api/appointments/${pendingId}`, { date: r.date, time: '21:00' });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().code).toBe('INVALID_STATE');
    const mine = (await r.wanter.get('/api/appointments')).json();
    expect(mine).toEqual([expect.objectContaining({ id: pendingId, status: 'pending', time: '19:00' })]);
    expect((await r.wanter.get(`/api/queue-jump-offers/${offer.id}`)).json()).toMatchObject({ status: 'pending', heldAmount: '15.50' });
    // No place in the restaurant's line and no notice for a table that was never confirmed.
    expect(await queryRows(ctx.database, `select id from queue_entries where appointment_id = ${pendingId}`)).toEqual([]);
    expect(await queryRows(ctx.database, `select id from notifications where appointment_id = ${pendingId}`)).toEqual([]);
    // The offer can still be accepted: the table is handed over as before.
    expect((await r.holder.post(`/api/queue-jump-offers/${offer.id}/accept`)).statusCode).toBe(200);
    await expectLedgerBalanced(ctx.database);
  });

  it('swaps two confirmed tables like appointments, checking seats for both parties when the offer is made and again when accepted', async () => {
    const dining = await restaurant(ctx.app, { seatingCapacity: 6, maxPartySize: 6 });
    const [holder, sender, other, later] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingDay(4);
    const at = (client: typeof holder, time: string, partySize: number) => book(client, { businessId: dining.businessId, date, time, partySize });
    // 18:00-20:00 three guests; the holder's two at 19:00 fit beside them (5 of 6); the sender's four at 21:00.
    const booked = [await at(other, '18:00', 3), await at(holder, '19:00', 2), await at(sender, '21:00', 4)];
    expect(booked.map((b) => b.statusCode)).toEqual([201, 201, 201]);
    const [, table, own] = booked.map((b) => b.json().id as number);
    const offer = async () => {
      const intent = await authorizedIntent(sender, 15.5);
      return sender.post('/api/queue-jump-offers', {
        fromAppointmentId: own, toAppointmentId: table, offerAmount: 10, paymentMethod: 'cash', paymentIntentId: intent.clientSecret,
      });
    };
    // Four guests at 19:00 beside the three until 20:00 would be 7 of 6 seats: a swap that could never happen is refused when made.
    const refused = await offer();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/cannot trade places: at 7:00 PM, [A-Z][a-z]+day/);
    expect((await wallet(sender)).heldInEscrow).toBe('0.00');
    // Once the three leave, the offer can be made…
    expect((await other.patch(`/api/appointments/${booked[0].json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const made = await offer();
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ temporaryReservation: false, totalCharge: '15.50', recipientReceives: '10.00' });
    // …but three more guests booked at 18:00 meanwhile make the swap impossible again: accepting re-checks, 409, nothing changes.
    expect((await at(later, '18:00', 3)).statusCode).toBe(201);
    const accept = await holder.post(`/api/queue-jump-offers/${made.json().id}/accept`);
    expect(accept.statusCode, accept.body).toBe(409);
    const times = await queryRows<{ id: number; time: string; status: string }>(
      ctx.database, `select id, to_char(starts_at, 'HH24:MI') as time, status from appointments where id in (${table}, ${own}) order by id`);
    expect(times).toEqual([{ id: table, time: '19:00', status: 'confirmed' }, { id: own, time: '21:00', status: 'confirmed' }]);
    expect((await holder.get(`/api/queue-jump-offers/${made.json().id}`)).json().status).toBe('pending');
    expect((await later.patch(`/api/appointments/${(await later.get('/api/appointments')).json()[0].id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await holder.post(`/api/queue-jump-offers/${made.json().id}/accept`)).statusCode).toBe(200);
    const swapped = await queryRows<{ id: number; time: string }>(
      ctx.database, `select id, to_char(starts_at, 'HH24:MI') as time from appointments where id in (${table}, ${own}) order by id`);
    expect(swapped).toEqual([{ id: table, time: '21:00' }, { id: own, time: '19:00' }]);
    await expectLedgerBalanced(ctx.database);
  });

  it('refuses a temporary reservation at another time than the chosen table, or for a service business', async () => {
    const r = await fullRestaurant();
    const intent = await authorizedIntent(r.wanter, 15.5);
    const res = await r.wanter.post('/api/queue-jump-offers', {
      toAppointmentId: r.tableId,
      offerAmount: 10,
      paymentMethod: 'cash',
      paymentIntentId: intent.paymentIntentId,
      temporaryReservation: { date: r.date, time: '20:00', partySize: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/chosen reservation's table/);
    const [{ n }] = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from appointments where customer_id = ${r.wanter.user.id}`);
    expect(n).toBe(0);
  });

  it('hands over a table that was itself handed over: the earlier offer settles then, paying its recipient (the wanter sold the table on)', async () => {
    const r = await fullRestaurant();
    const first = (await offerForTable(r)).json();
    expect((await r.holder.post(`/api/queue-jump-offers/${first.id}/accept`)).statusCode).toBe(200);
    // A third guest wants the table the wanter now holds (their once-pending reservation).
    const third = await signUp(ctx.app);
    const intent = await authorizedIntent(third, 15.5);
    const second = await third.post('/api/queue-jump-offers', {
      toAppointmentId: first.fromAppointmentId,
      offerAmount: 10,
      paymentMethod: 'cash',
      paymentIntentId: intent.clientSecret,
      temporaryReservation: { date: r.date, time: '19:00', partySize: 2 },
    });
    expect(second.statusCode, second.body).toBe(201);
    const accepted = await r.wanter.post(`/api/queue-jump-offers/${second.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await r.holder.get(`/api/queue-jump-offers/${first.id}`)).json()).toMatchObject({ status: 'accepted', escrowStatus: 'released' });
    expect((await wallet(r.holder)).earnings).toBe('10.00');
    expect((await third.get(`/api/queue-jump-offers/${second.json().id}`)).json()).toMatchObject({ status: 'accepted', escrowStatus: 'held' });
    await expectLedgerBalanced(ctx.database);
  });
});
