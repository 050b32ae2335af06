import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesFollowed, completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';
import { creditOffer, grantCredit, swapParties } from '../offers/test-fixtures.js';

// Each change to an appointment or an offer writes exactly one change-log row, by the feature that
// owns it, in its transaction (decision 0029), and its follow job runs once.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

interface Row { id: string; kind: string; appointment_id: number | null; offer_id: number | null; business_id: number; actor_id: number | null; data: Record<string, unknown> }
let seen = 0;
/** The changes recorded since the last call, oldest first. */
async function newChanges(): Promise<Row[]> {
  const rows = await queryRows<Row>(ctx.database, `select id, kind, appointment_id, offer_id, business_id, actor_id, data from changes where id > ${seen} order by id`);
  if (rows.length > 0) seen = Number(rows.at(-1)!.id);
  return rows;
}

describe('the owners of changes', () => {
  it('record one change per booking, reschedule, cancellation and completion, with what followers need', async () => {
    const { businessId, serviceId, owner } = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    const date = upcomingWeekday();
    await newChanges();
    const booked = await book(alice, { businessId, serviceId, date, time: '10:00' });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as number;
    expect(await newChanges()).toMatchObject([
      { kind: 'booked', appointment_id: id, offer_id: null, business_id: businessId, actor_id: alice.user.id, data: { startsAt: `${date}T10:00:00` } },
    ]);

    expect((await alice.patch(`/api/appointments/${id}`, { date, time: '11:00' })).statusCode).toBe(200);
    expect(await newChanges()).toMatchObject([
      { kind: 'moved', appointment_id: id, business_id: businessId, actor_id: alice.user.id, data: { from: `${date} 10:00`, startsAt: `${date}T11:00:00` } },
    ]);

    expect((await completeVisit(owner, id)).statusCode).toBe(200);
    expect(await newChanges()).toMatchObject([
      { kind: 'completed', appointment_id: id, business_id: businessId, actor_id: owner.user.id, data: { startsAt: `${date}T11:00:00` } },
    ]);

    const other = (await book(alice, { businessId, serviceId, date, time: '14:00' })).json().id as number;
    expect((await alice.patch(`/api/appointments/${other}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await newChanges()).map((c) => [c.kind, c.appointment_id, c.data])).toEqual([
      ['booked', other, { startsAt: `${date}T14:00:00` }],
      ['cancelled', other, { startsAt: `${date}T14:00:00`, notice: true, handedOver: false }],
    ]);

    // Each followed once: a notice per change that gives one, in order per appointment.
    await changesFollowed(ctx.database);
    const notices = await queryRows<{ kind: string }>(ctx.database,
      `select kind from notifications where appointment_id in (${id}, ${other}) order by appointment_id = ${other}, id`);
    expect(notices.map((n) => n.kind)).toEqual(['booking_confirmed', 'booking_rescheduled', 'review_request', 'booking_confirmed', 'booking_cancelled']);
  });

  it('record one change per offer made, countered, accepted (with one swapped per appointment), ended and settled', async () => {
    const p = await swapParties(ctx.app);
    await grantCredit(ctx.database, p.payer.user.id, 5000);
    await newChanges();
    const offer = (await creditOffer(p, 10)).json();
    expect(await newChanges()).toMatchObject([
      { kind: 'offer_made', appointment_id: p.payeeAppointmentId, offer_id: offer.id, business_id: p.businessId, actor_id: p.payer.user.id,
        data: { notices: [{ userId: p.payee.user.id, kind: 'offer_received', title: 'New offer: $10.00' }] } },
    ]);
    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 15 })).statusCode).toBe(200);
    expect(await newChanges()).toMatchObject([
      { kind: 'offer_countered', offer_id: offer.id, actor_id: p.payee.user.id, data: { notices: [{ userId: p.payer.user.id, kind: 'offer_countered' }] } },
    ]);
    expect((await p.payer.post(`/api/queue-jump-offers/${offer.id}/accept-counter`, {})).statusCode).toBe(200);
    expect((await newChanges()).map((c) => [c.kind, c.appointment_id, c.offer_id, c.actor_id])).toEqual([
      ['swapped', p.payerAppointmentId, null, p.payer.user.id],
      ['swapped', p.payeeAppointmentId, null, p.payer.user.id],
      ['offer_accepted', p.payeeAppointmentId, offer.id, p.payer.user.id],
    ]);
    for (const id of [p.payerAppointmentId, p.payeeAppointmentId]) expect((await completeVisit(p.owner, id)).statusCode).toBe(200);
    expect((await newChanges()).map((c) => [c.kind, c.offer_id ?? c.appointment_id])).toEqual([
      ['completed', p.payerAppointmentId],
      ['completed', p.payeeAppointmentId],
      ['offer_settled', offer.id],
    ]);

    const q = await swapParties(ctx.app);
    await grantCredit(ctx.database, q.payer.user.id, 5000);
    const declined = (await creditOffer(q, 10)).json();
    await newChanges();
    expect((await q.payee.post(`/api/queue-jump-offers/${declined.id}/decline`, {})).statusCode).toBe(200);
    expect(await newChanges()).toMatchObject([
      { kind: 'offer_ended', offer_id: declined.id, actor_id: q.payee.user.id, data: { notices: [{ userId: q.payer.user.id, kind: 'offer_declined' }] } },
    ]);

    await changesFollowed(ctx.database);
    const [unfollowed] = await queryRows<{ n: number }>(ctx.database,
      'select count(*)::int as n from changes c where not exists (select 1 from changes_followed f where f.change_id = c.id)');
    expect(unfollowed.n).toBe(0);
  });
});
