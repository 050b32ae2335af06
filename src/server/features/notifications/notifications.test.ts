import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSlot } from '../../../contract/time.js';
import { changesFollowed, completeVisit, createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { expireDueOffers } from '../offers/offer-jobs.js';
import { type Client, upcomingWeekday } from '../appointments/test-fixtures.js';
import { authorizedIntent, book, creditOffer, grantCredit, restaurant, swapParties, upcomingDay } from '../offers/test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

interface Listed {
  notifications: { id: number; kind: string; title: string; body: string; read: boolean; offerId: number | null; appointmentId: number | null }[];
  unread: number;
}
const inbox = async (client: Client) => (await client.get('/api/notifications')).json() as Listed;
const kinds = async (client: Client) => (await inbox(client)).notifications.map((n) => n.kind);

async function creditParties() {
  const p = await swapParties(ctx.app);
  await grantCredit(ctx.database, p.payer.user.id, 5000);
  return p;
}

describe('offer notifications', () => {
  it('tells the recipient of an offer, each side of a counter, the other side of an acceptance, and the recipient of the payout', async () => {
    const p = await creditParties();
    const offer = (await creditOffer(p, 10)).json();
    const received = (await inbox(p.payee)).notifications[0];
    expect(received).toMatchObject({ kind: 'offer_received', offerId: offer.id, read: false, title: 'New offer: $10.00' });
    // Another customer is named by first name and initial at most, never by username (issue 27).
    expect(received.body).not.toContain(p.payer.user.username);
    expect(received.body).toMatch(/^(\p{Lu}\p{L}* \p{Lu}\.|Another customer) offers \$10\.00 /u);

    expect((await p.payee.post(`/api/queue-jump-offers/${offer.id}/negotiate`, { counterAmount: 15 })).statusCode).toBe(200);
    expect((await inbox(p.payer)).notifications[0]).toMatchObject({ kind: 'offer_countered', title: 'Counter offer: $15.00' });
    expect((await p.payer.post(`/api/queue-jump-offers/${offer.id}/accept-counter`, {})).statusCode).toBe(200);
    expect((await inbox(p.payee)).notifications[0]).toMatchObject({ kind: 'offer_accepted', title: 'Offer accepted: $15.00' });
    // The swap itself is not announced again: the acceptance said it.
    expect(await kinds(p.payee)).not.toContain('booking_rescheduled');
    expect(await kinds(p.payer)).toEqual(['offer_countered', 'booking_confirmed']);

    for (const id of [p.payerAppointmentId, p.payeeAppointmentId]) expect((await completeVisit(p.owner, id)).statusCode).toBe(200);
    // service fees: the recipient gets the price less 5%
    expect((await inbox(p.payee)).notifications[0]).toMatchObject({ kind: 'offer_paid_out', title: 'Paid out: $14.25' });
    expect(await kinds(p.payer)).not.toContain('offer_paid_out');
  });

  it('tells the sender of a decline, the recipient of a withdrawal, and both of an expiry', async () => {
    const declined = await creditParties();
    const a = (await creditOffer(declined, 10)).json();
    await declined.payee.post(`/api/queue-jump-offers/${a.id}/decline`, {});
    expect((await inbox(declined.payer)).notifications[0]).toMatchObject({ kind: 'offer_declined' });
    expect(await kinds(declined.payee)).not.toContain('offer_declined');

    const withdrawn = await creditParties();
    const b = (await creditOffer(withdrawn, 10)).json();
    await withdrawn.payer.post(`/api/queue-jump-offers/${b.id}/cancel`, {});
    expect((await inbox(withdrawn.payee)).notifications[0]).toMatchObject({ kind: 'offer_cancelled' });
    expect(await kinds(withdrawn.payer)).not.toContain('offer_cancelled');

    const expired = await creditParties();
    const c = (await creditOffer(expired, 10)).json();
    await ctx.database.db.execute(sql`update offers set expires_at = now() - interval '1 second' where id = ${c.id}`);
    // The sweep skips an offer whose row another transaction holds: the offer's change is followed first.
    await changesFollowed(ctx.database);
    await expireDueOffers(ctx.database.db);
    expect((await inbox(expired.payer)).notifications[0]).toMatchObject({ kind: 'offer_expired' });
    expect((await inbox(expired.payee)).notifications[0]).toMatchObject({ kind: 'offer_expired' });
  });

  it('tells both parties when the business cancels an appointment an offer was on', async () => {
    const p = await creditParties();
    await creditOffer(p, 10);
    await p.owner.patch(`/api/appointments/${p.payeeAppointmentId}`, { status: 'cancelled' });
    expect(await kinds(p.payer)).toContain('offer_cancelled');
    const payee = (await inbox(p.payee)).notifications;
    expect(payee.map((n) => n.kind)).toEqual(expect.arrayContaining(['offer_cancelled', 'booking_cancelled']));
    expect(payee.find((n) => n.kind === 'booking_cancelled')!.body).toMatch(/^Shop \d+ cancelled your Checkup/);
  });
});

describe('booking notifications', () => {
  it('confirms a booking, a reschedule and a cancellation to the customer', async () => {
    const p = await swapParties(ctx.app);
    const moved = await p.payer.patch(`/api/appointments/${p.payerAppointmentId}`, { date: upcomingWeekday(3), time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    await p.payer.patch(`/api/appointments/${p.payerAppointmentId}`, { status: 'cancelled' });
    const list = (await inbox(p.payer)).notifications;
    expect(list.map((n) => n.kind)).toEqual(['booking_cancelled', 'booking_rescheduled', 'booking_confirmed']);
    expect(list[1].body).toContain(`(was ${formatSlot(p.date, '15:00')})`);
    expect(list[0].body).toMatch(/^You cancelled/);
    expect(list.every((n) => n.appointmentId === p.payerAppointmentId)).toBe(true);
  });

  it('asks the customer for a review once the owner completes the visit, linking to its review dialog', async () => {
    const p = await swapParties(ctx.app);
    expect((await completeVisit(p.owner, p.payeeAppointmentId)).statusCode).toBe(200);
    const [asked] = (await inbox(p.payee)).notifications;
    expect(asked).toMatchObject({ kind: 'review_request', title: 'How was your visit?', appointmentId: p.payeeAppointmentId, read: false });
    expect(asked.body).toBe(`Your Checkup at Shop ${p.owner.user.id} on ${formatSlot(p.date, '09:00')} is complete. A review helps others choose: it takes a minute.`);
    expect((await p.payee.get('/api/notifications')).json().notifications[0].link).toBe(`/appointments?review=${p.payeeAppointmentId}`);
    // The other customer, whose visit is not completed, is not asked.
    expect(await kinds(p.payer)).not.toContain('review_request');
  });

  it('words a restaurant table hand-over once for each side, and says nothing of a table that never got confirmed', async () => {
    const dining = await restaurant(ctx.app, { seatingCapacity: 4, maxPartySize: 4 });
    const [holder, wanter] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingDay(3);
    const table = (await book(holder, { businessId: dining.businessId, serviceId: dining.serviceId, date, time: '19:00', partySize: 4 })).json();
    const ask = async () =>
      (
        await wanter.post('/api/queue-jump-offers', {
          toAppointmentId: table.id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'cash',
          paymentIntentId: (await authorizedIntent(wanter, 15.5)).clientSecret,
          temporaryReservation: { date, time: '19:00', partySize: 2 },
        })
      ).json();
    const first = await ask();
    await holder.post(`/api/queue-jump-offers/${first.id}/decline`, {});
    expect(await kinds(wanter)).toEqual(['offer_declined']);

    const second = await ask();
    expect((await holder.post(`/api/queue-jump-offers/${second.id}/accept`, {})).statusCode).toBe(200);
    expect(await kinds(wanter)).toEqual(['offer_accepted', 'offer_declined']);
    const held = (await inbox(holder)).notifications;
    expect(held.map((n) => n.kind)).toEqual(['booking_cancelled', 'offer_received', 'offer_received', 'booking_confirmed']);
    expect(held[0].title).toBe('Table handed over');
  });
});

describe('reading notifications', () => {
  it('marks one read, then all; refuses another user’s (403) and an unknown id (404)', async () => {
    const p = await creditParties();
    await creditOffer(p, 10);
    const before = await inbox(p.payee);
    expect(before.unread).toBe(2);
    const [newest] = before.notifications;
    const stranger = await signUp(ctx.app);
    const refused = await stranger.post(`/api/notifications/${newest.id}/read`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await p.payee.post('/api/notifications/99999999/read')).json()).toMatchObject({ code: 'NOT_FOUND' });

    const read = await p.payee.post(`/api/notifications/${newest.id}/read`);
    expect(read.json()).toMatchObject({ id: newest.id, read: true });
    expect((await inbox(p.payee)).unread).toBe(1);
    expect((await p.payee.post('/api/notifications/read-all')).json()).toEqual({ updated: 1, unread: 0 });
    expect((await inbox(p.payee)).notifications.every((n) => n.read)).toBe(true);
    expect((await inbox(p.payer)).unread).toBeGreaterThan(0);
    expect((await p.payee.get('/api/notifications')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
