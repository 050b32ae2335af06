import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, QueueEntry } from '../../../contract/live.js';
import type { Offer } from '../../../contract/offers.js';
import { formatSlot } from '../../../contract/time.js';
import { completeVisit, createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import type { Client } from '../appointments/test-fixtures.js';
import { authorizedIntent, book, creditOffer, grantCredit, restaurant, swapParties, upcomingDay } from '../offers/test-fixtures.js';

// Issue 18: "bob accepted $38.00 for the 11:00 slot" for an offer on the 9:00 slot, in raw formats.
// Every notification names the slot its reader cares about, worded as the screens word it
// (formatSlot: "9:00 AM, Thursday, November 26"), and carries its business's time zone.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

const inbox = async (client: Client) => ((await client.get('/api/notifications')).json() as { notifications: Notification[] }).notifications;
const latest = async (client: Client, kind: string) => (await inbox(client)).find((n) => n.kind === kind)!;

/** Two customers with credit: the payee holds 9:00, the payer 15:00, and the payer offers $10 for 9:00. */
async function offerOnNine() {
  const p = await swapParties(ctx.app);
  await grantCredit(ctx.database, p.payer.user.id, 5000);
  const offer = await creditOffer(p, 10);
  expect(offer.statusCode, offer.body).toBe(201);
  const shop = `Shop ${p.owner.user.id}`;
  return { ...p, offerId: offer.json().id as number, shop, nine: formatSlot(p.date, '09:00'), three: formatSlot(p.date, '15:00') };
}

describe('offer notifications name the slot their reader cares about', () => {
  it('the recipient reads about their own 9:00 appointment; after acceptance the payer reads the 9:00 slot they moved into', async () => {
    const p = await offerOnNine();
    const received = await latest(p.payee, 'offer_received');
    expect(received.body).toBe(`Pat D. offers $10.00 to take your appointment at ${p.shop} at ${p.nine}.`);
    expect(received.timeZone).toBe('America/New_York');

    expect((await p.payee.post(`/api/queue-jump-offers/${p.offerId}/accept`, {})).statusCode).toBe(200);
    const accepted = await latest(p.payer, 'offer_accepted');
    expect(accepted.body).toBe(
      `Pat D. accepted $10.00. Your appointment at ${p.shop} is now at ${p.nine}; the money is held until both visits are completed.`,
    );
    expect(accepted.body).not.toContain('3:00 PM');
    expect(accepted.timeZone).toBe('America/New_York');

    // Paid out once both visits are done: the recipient is paid for the 9:00 slot they gave up.
    for (const id of [p.payerAppointmentId, p.payeeAppointmentId]) expect((await completeVisit(p.owner, id)).statusCode).toBe(200);
    expect((await latest(p.payee, 'offer_paid_out')).body).toBe(
      `The swap with Pat D. at ${p.shop} is complete: $9.50 has been released to you for the ${p.nine} slot you gave up.`,
    );
  });

  it('each counter names the appointment the offer is on, to either side; the recipient accepting the last counter moves the payer to 9:00', async () => {
    const p = await offerOnNine();
    expect((await p.payee.post(`/api/queue-jump-offers/${p.offerId}/negotiate`, { counterAmount: 15 })).statusCode).toBe(200);
    expect((await latest(p.payer, 'offer_countered')).body).toBe(`Pat D. answered with $15.00 for their appointment at ${p.shop} at ${p.nine}.`);
    expect((await p.payer.post(`/api/queue-jump-offers/${p.offerId}/negotiate`, { counterAmount: 12 })).statusCode).toBe(200);
    expect((await latest(p.payee, 'offer_countered')).body).toBe(`Pat D. answered with $12.00 for your appointment at ${p.shop} at ${p.nine}.`);

    expect((await p.payee.post(`/api/queue-jump-offers/${p.offerId}/accept-counter`, {})).statusCode).toBe(200);
    expect((await latest(p.payer, 'offer_accepted')).body).toContain(`Your appointment at ${p.shop} is now at ${p.nine};`);
  });

  it('the payer accepting a counter: the recipient reads the 3:00 PM slot they moved into', async () => {
    const p = await offerOnNine();
    expect((await p.payee.post(`/api/queue-jump-offers/${p.offerId}/negotiate`, { counterAmount: 15 })).statusCode).toBe(200);
    expect((await p.payer.post(`/api/queue-jump-offers/${p.offerId}/accept-counter`, {})).statusCode).toBe(200);
    expect((await latest(p.payee, 'offer_accepted')).body).toBe(
      `Pat D. accepted $15.00. Your appointment at ${p.shop} is now at ${p.three}; the money is held until both visits are completed.`,
    );
  });

  it('a decline tells the sender which appointment their offer was for', async () => {
    const p = await offerOnNine();
    await p.payee.post(`/api/queue-jump-offers/${p.offerId}/decline`, {});
    expect((await latest(p.payer, 'offer_declined')).body).toBe(
      `Your $10.00 offer for the appointment at ${p.shop} at ${p.nine} was declined. Everything it held has been returned to you.`,
    );
  });

  it('an offer ended by a reschedule names the slot it was on, not where the appointment went', async () => {
    const p = await offerOnNine();
    const moved = await p.payee.patch(`/api/appointments/${p.payeeAppointmentId}`, { date: p.date, time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await latest(p.payer, 'offer_cancelled')).body).toBe(
      `Your $10.00 offer for the appointment at ${p.shop} at ${p.nine} was cancelled. Everything it held has been returned to you.`,
    );
    expect((await latest(p.payee, 'booking_rescheduled')).body).toBe(`Checkup at ${p.shop} is now at ${formatSlot(p.date, '11:00')} (was ${p.nine}).`);
  });
});

describe('after the swap, notifications name the slots as they were swapped', () => {
  // The swap is done at acceptance; a reschedule afterwards moves an appointment, not the deal.
  const acceptedThenMoved = async () => {
    const p = await offerOnNine();
    expect((await p.payee.post(`/api/queue-jump-offers/${p.offerId}/accept`, {})).statusCode).toBe(200);
    const moved = await p.payer.patch(`/api/appointments/${p.payerAppointmentId}`, { date: p.date, time: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    // The offer keeps the starts it traded (the offer cards say who moved where from these).
    const [offer] = (await p.payee.get('/api/queue-jump-offers')).json() as Offer[];
    expect(offer.swapped).toEqual({ from: { date: p.date, time: '15:00' }, to: { date: p.date, time: '09:00' } });
    return p;
  };

  it('paid out: the recipient is paid for the 9:00 slot they gave up, though the payer has since moved to 11:00', async () => {
    const p = await acceptedThenMoved();
    for (const id of [p.payerAppointmentId, p.payeeAppointmentId]) expect((await completeVisit(p.owner, id)).statusCode).toBe(200);
    expect((await latest(p.payee, 'offer_paid_out')).body).toBe(
      `The swap with Pat D. at ${p.shop} is complete: $9.50 has been released to you for the ${p.nine} slot you gave up.`,
    );
  });

  it('refunded: the payer reads the 9:00 slot they paid for, though the business cancelled it at 11:00', async () => {
    const p = await acceptedThenMoved();
    expect((await p.owner.patch(`/api/appointments/${p.payerAppointmentId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await completeVisit(p.owner, p.payeeAppointmentId)).statusCode).toBe(200);
    expect((await latest(p.payer, 'offer_refunded')).body).toBe(
      `${p.shop} cancelled the appointment you paid for (${p.nine}), so the $15.00 you paid for the swap has been returned to you.`,
    );
  });
});

describe('restaurant offers name the table', () => {
  it('the holder is asked for their 7:00 PM table; the sender, once it is handed over, reads that it is theirs', async () => {
    const dining = await restaurant(ctx.app, { seatingCapacity: 4, maxPartySize: 4 });
    const [holder, wanter] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingDay(3);
    const table = (await book(holder, { businessId: dining.businessId, serviceId: dining.serviceId, date, time: '19:00', partySize: 4 })).json();
    const offer = await wanter.post('/api/queue-jump-offers', {
      toAppointmentId: table.id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'cash',
      paymentIntentId: (await authorizedIntent(wanter, 15.5)).clientSecret, temporaryReservation: { date, time: '19:00', partySize: 2 },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const seven = formatSlot(date, '19:00');
    const bistro = `Bistro ${dining.owner.user.id}`;
    expect((await latest(holder, 'offer_received')).body).toBe(`Another customer offers $10.00 to take your table at ${bistro} at ${seven}.`);
    expect((await holder.post(`/api/queue-jump-offers/${offer.json().id}/accept`, {})).statusCode).toBe(200);
    expect((await latest(wanter, 'offer_accepted')).body).toContain(`. The table at ${bistro} at ${seven} is yours;`);
    expect((await latest(holder, 'booking_cancelled')).body).toBe(`You handed your table at ${bistro} at ${seven} to another guest.`);
  });
});

describe('booking and queue notifications word slots as the screens do', () => {
  it('a booking, a cancellation and a call', async () => {
    const p = await swapParties(ctx.app);
    const shop = `Shop ${p.owner.user.id}`;
    expect((await latest(p.payee, 'booking_confirmed')).body).toBe(`Checkup at ${shop} at ${formatSlot(p.date, '09:00')}.`);

    const entries = (await p.payee.get(`/api/queue/customer/${p.payee.user.id}`)).json() as QueueEntry[];
    const entry = entries.find((e) => e.appointmentId === p.payeeAppointmentId)!;
    expect((await p.owner.post(`/api/queue/${entry.id}/call`)).statusCode).toBe(200);
    const called = await latest(p.payee, 'called');
    expect(called.body).toBe(`${shop} is ready for you (Checkup, ${formatSlot(p.date, '09:00')}).`);
    expect(called.timeZone).toBe('America/New_York');

    await p.owner.patch(`/api/appointments/${p.payerAppointmentId}`, { status: 'cancelled' });
    expect((await latest(p.payer, 'booking_cancelled')).body).toBe(`${shop} cancelled your Checkup at ${formatSlot(p.date, '15:00')}.`);
  });

  it('a notification about no business has no time zone', async () => {
    const p = await swapParties(ctx.app);
    await ctx.database.db.execute(sql`insert into notifications (user_id, kind, title, body) values (${p.payer.user.id}, 'welcome', 'Welcome', 'Hello')`);
    expect((await latest(p.payer, 'welcome')).timeZone).toBeNull();
  });
});
