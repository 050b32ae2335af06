import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { cardOffer, expectLedgerBalanced } from '../offers/test-fixtures.js';
import { book, type Client, restaurant, serviceBusiness, swapParties, upcomingWeekday } from './test-fixtures.js';

// One place at a time (DESIGN section 9, issue 19): a customer's confirmed bookings never overlap in
// real time, at any business and in any zone, restaurants included; back-to-back is fine. Booking,
// rescheduling and a swap are refused with 409 OVERLAPS_YOUR_BOOKING naming the booking in the way,
// and nothing changes.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const date = upcomingWeekday(3);

async function bookAt(c: Client, shop: { businessId: number; serviceId: number }, time: string, on = date) {
  return book(c, { businessId: shop.businessId, serviceId: shop.serviceId, date: on, time });
}

describe('one place at a time', () => {
  it('refuses a second booking over the first at another business, naming it; back-to-back and after a cancel are fine', async () => {
    const dentist = await serviceBusiness(ctx.app, { name: 'Cleaning', duration: 60 }, { businessName: 'Bright Dental' });
    const barber = await serviceBusiness(ctx.app, { name: 'Fade', duration: 30 }, { businessName: 'Sam Cuts' });
    const ann = await signUp(ctx.app);
    const first = await bookAt(ann, dentist, '10:00');
    expect(first.statusCode, first.body).toBe(201);

    const over = await bookAt(ann, barber, '10:30');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'OVERLAPS_YOUR_BOOKING',
      message: expect.stringMatching(/^\S+ already has a booking then: Cleaning at Bright Dental, 10:00 AM, \w+day, \w+ \d+ \(New York time\)\. Nobody can be in two places at once/),
    });
    expect((await bookAt(ann, barber, '11:00')).statusCode).toBe(201);
    expect((await bookAt(ann, barber, '09:30')).statusCode).toBe(201);
    // someone else may take the barber's 10:30
    expect((await bookAt(await signUp(ctx.app), barber, '10:30')).statusCode).toBe(201);

    expect((await ann.patch(`/api/appointments/${first.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await bookAt(ann, barber, '10:00')).statusCode).toBe(201);
  });

  it('compares instants across zones: 9:00 in Chicago is 10:00 in New York', async () => {
    const newYork = await serviceBusiness(ctx.app, { duration: 60 });
    const chicago = await serviceBusiness(ctx.app, { duration: 30 }, { timeZone: 'America/Chicago' });
    const ben = await signUp(ctx.app);
    expect((await bookAt(ben, newYork, '10:00')).statusCode).toBe(201);
    const refused = await bookAt(ben, chicago, '09:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OVERLAPS_YOUR_BOOKING');
    // 10:00 Chicago is 11:00 New York: the visit there is over
    expect((await bookAt(ben, chicago, '10:00')).statusCode).toBe(201);
    // and a table is a booking too: 16:30 to 17:00 in Chicago is 17:30 to 18:00 in New York
    expect((await bookAt(ben, chicago, '16:30')).statusCode).toBe(201);
    const bistro = await restaurant(ctx.app);
    const table = await book(ben, { businessId: bistro.businessId, date, time: '17:30', partySize: 2 });
    expect(table.statusCode).toBe(409);
    expect(table.json().code).toBe('OVERLAPS_YOUR_BOOKING');
    expect((await book(ben, { businessId: bistro.businessId, date, time: '18:00', partySize: 2 })).statusCode).toBe(201);
  });

  it('refuses a reschedule into another of the customer’s bookings, and the appointment stays', async () => {
    const a = await serviceBusiness(ctx.app, { duration: 30 });
    const b = await serviceBusiness(ctx.app, { duration: 30 });
    const cy = await signUp(ctx.app);
    const here = await bookAt(cy, a, '09:00');
    expect((await bookAt(cy, b, '14:00')).statusCode).toBe(201);
    const moved = await cy.patch(`/api/appointments/${here.json().id}`, { date, time: '14:00' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('OVERLAPS_YOUR_BOOKING');
    const [row] = await queryRows<{ t: string }>(ctx.database, `select to_char(starts_at, 'HH24:MI') as t from appointments where id = ${here.json().id}`);
    expect(row.t).toBe('09:00');
    expect((await cy.patch(`/api/appointments/${here.json().id}`, { date, time: '14:30' })).statusCode).toBe(200);
  });

  it('refuses a swap that would put the payer in two places, and keeps both slots and the money as they were', async () => {
    // The payer holds 15:00 here and takes a 09:00 elsewhere, then offers for the payee's 09:00 here.
    const p = await swapParties(ctx.app, { payer: '15:00', payee: '09:00' });
    const elsewhere = await serviceBusiness(ctx.app, { duration: 30 });
    expect((await bookAt(p.payer, elsewhere, '09:00', p.date)).statusCode).toBe(201);
    const offer = await cardOffer(p, 25);
    expect(offer.statusCode, offer.body).toBe(201);

    const accepted = await p.payee.post(`/api/queue-jump-offers/${offer.json().id}/accept`, {});
    expect(accepted.statusCode).toBe(409);
    // The payee may not learn where the payer will be: only that they are busy then.
    expect(accepted.json()).toEqual({ code: 'OVERLAPS_YOUR_BOOKING', message: 'The other customer has another booking at that time.' });
    const rows = await queryRows<{ id: number; t: string }>(
      ctx.database,
      `select id, to_char(starts_at, 'HH24:MI') as t from appointments where id in (${p.payerAppointmentId}, ${p.payeeAppointmentId}) order by id`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.t]))).toEqual({ [p.payerAppointmentId]: '15:00', [p.payeeAppointmentId]: '09:00' });
    const [state] = await queryRows<{ status: string; escrow_status: string | null }>(ctx.database, `select status, escrow_status from offers where id = ${offer.json().id}`);
    expect(state.status).toBe('pending');
    await expectLedgerBalanced(ctx.database);
  });
});

describe('a refusal names only what the asker may see', () => {
  it('accepting a counter that would put the other customer in two places says they are busy, not where', async () => {
    const p = await swapParties(ctx.app, { payer: '15:00', payee: '09:00' });
    const elsewhere = await serviceBusiness(ctx.app, { name: 'Secret Visit', duration: 30 }, { businessName: 'Hidden Clinic' });
    // The payee would land on the payer's 15:00, where they already have a visit elsewhere.
    expect((await bookAt(p.payee, elsewhere, '15:00', p.date)).statusCode).toBe(201);
    const offer = await cardOffer(p, 25);
    expect(offer.statusCode, offer.body).toBe(201);
    const countered = await p.payee.post(`/api/queue-jump-offers/${offer.json().id}/negotiate`, { counterAmount: 20 });
    expect(countered.statusCode, countered.body).toBe(200);
    const refused = await p.payer.post(`/api/queue-jump-offers/${offer.json().id}/accept-counter`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'OVERLAPS_YOUR_BOOKING', message: 'The other customer has another booking at that time.' });
    expect(refused.body).not.toMatch(new RegExp(`${p.payee.user.username}|Hidden Clinic|Secret Visit`));

    // The customer whose booking it is still hears which one is in the way.
    const own = await bookAt(p.payee, elsewhere, '15:00', p.date);
    expect(own.json()).toMatchObject({ code: 'OVERLAPS_YOUR_BOOKING', message: expect.stringContaining('Secret Visit at Hidden Clinic') });
    await expectLedgerBalanced(ctx.database);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('racing (PostgreSQL: requests overlap for real)', () => {
  it('one customer booking the same hour at two businesses at once gets exactly one, 30 times over', async () => {
    const a = await serviceBusiness(ctx.app, { duration: 60 });
    const b = await serviceBusiness(ctx.app, { duration: 60 });
    const times = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    for (let run = 0; run < 30; run++) {
      const dee = await signUp(ctx.app);
      const on = upcomingWeekday(3, Math.floor(run / times.length));
      const time = times[run % times.length];
      const results = await Promise.all([bookAt(dee, a, time, on), bookAt(dee, b, time, on)]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('OVERLAPS_YOUR_BOOKING');
    }
    const [overlaps] = await queryRows<{ n: number }>(
      ctx.database,
      `select count(*)::int as n from appointments x join appointments y on x.customer_id = y.customer_id and x.id < y.id
        where x.status = 'confirmed' and y.status = 'confirmed' and tstzrange(x.starts_instant, x.ends_instant) && tstzrange(y.starts_instant, y.ends_instant)`,
    );
    expect(overlaps.n).toBe(0);
  });
});
