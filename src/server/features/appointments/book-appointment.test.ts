import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from '../../../contract/time.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { book, contact, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const slots = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?${query}` })).json() as string[];

describe('POST /api/appointments for a service business', () => {
  it('books with duration and price from the service, stores contact fields, and pays $1.00 credit', async () => {
    const { businessId, serviceId, businessName } = await serviceBusiness(ctx.app, { duration: 45, price: '55.50' });
    const alice = await signUp(ctx.app);
    const date = upcomingWeekday();
    const res = await book(alice, { businessId, serviceId, date, time: '10:00', duration: 5, notes: ' window seat ', blockOffers: true, partySize: 7, occasionType: 'birthday' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      businessId,
      serviceId,
      customerId: alice.user.id,
      date,
      time: '10:00',
      duration: 45,
      price: '55.50',
      status: 'confirmed',
      partySize: 1,
      blockOffers: true,
      isMine: true,
      notes: 'window seat',
      ...contact(),
      // Checked and kept in E.164, whatever its spelling (contract/phone.ts).
      customerPhone: '+12125550100',
      serviceName: 'Checkup',
      businessName,
      businessType: 'service',
      occasionType: null,
    });
    expect(await slots(`businessId=${businessId}&serviceId=${serviceId}&date=${date}`)).not.toContain('10:00');

    const credits = await alice.get(`/api/credits/${alice.user.id}`);
    // the booking's credit is pending until the appointment is completed
    expect(credits.json()).toEqual({ userId: alice.user.id, credits: '0.00', pending: '1.00' });
    const history = (await alice.get(`/api/credits/${alice.user.id}/transactions`)).json();
    expect(history).toEqual([
      expect.objectContaining({ transactionType: 'earned_booking', amount: '1.00', status: 'pending', description: `Earned for booking Checkup at ${businessName}` }),
    ]);
  });

  it('answers with the appointment as the list of ones own shows it (built from the rows the booking has in hand)', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app, { duration: 30, price: '20.00' });
    const customer = await signUp(ctx.app);
    const created = await book(customer, { businessId, serviceId, date: upcomingWeekday(), time: '11:30', notes: 'first visit' });
    expect(created.statusCode).toBe(201);
    const read = await customer.get('/api/appointments');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([created.json()]);
  });

  it('answers 409 SLOT_TAKEN for a taken slot, including an overlapping later start', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app, { duration: 60 });
    const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingWeekday();
    expect((await book(a, { businessId, serviceId, date, time: '10:00' })).statusCode).toBe(201);
    const same = await book(b, { businessId, serviceId, date, time: '10:00' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ code: 'SLOT_TAKEN', message: 'That time slot is no longer available' });
    const overlapping = await book(b, { businessId, serviceId, date, time: '10:30' });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe('SLOT_TAKEN');
    expect((await book(b, { businessId, serviceId, date, time: '11:00' })).statusCode).toBe(201);
    // b earned once, for the booking that went through
    expect((await b.get(`/api/credits/${b.user.id}`)).json().pending).toBe('1.00');
  });

  it('gives a slot requested by several users at once to exactly one of them', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app);
    const users = await Promise.all(Array.from({ length: 8 }, () => signUp(ctx.app)));
    const date = upcomingWeekday(3);
    const results = await Promise.all(users.map((u) => book(u, { businessId, serviceId, date, time: '14:00' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('refuses times the slot list would not offer', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app, { duration: 30 });
    const alice = await signUp(ctx.app);
    const weekday = upcomingWeekday();
    const base = { businessId, serviceId };
    const taken = 'That time slot is no longer available';
    const cases = [
      { date: weekday, time: '10:15', message: taken }, // off the grid
      { date: weekday, time: '08:30', message: taken }, // before opening
      { date: weekday, time: '16:45', message: taken }, // runs past closing
      { date: addDays(weekday, 6 - dayOfWeek(weekday)), time: '10:00', message: 'No available slots for this date. Please choose another date.' }, // Saturday: closed
      // A whole day that cannot be booked says why: the customer has to change the date, not the time.
      { date: addDays(upcomingDay(0), -1), time: '10:00', message: 'That date is in the past. Please choose today or a later date.' },
      { date: addDays(upcomingDay(0), 45), time: '10:00', message: 'Appointments can be booked at most 30 days ahead. Please choose an earlier date.' },
    ];
    for (const { message, ...c } of cases) {
      const res = await book(alice, { ...base, ...c });
      expect(res.statusCode, `${c.date} ${c.time}`).toBe(409);
      expect(res.json(), `${c.date} ${c.time}`).toEqual({ code: 'SLOT_TAKEN', message });
    }
    expect((await alice.get(`/api/credits/${alice.user.id}`)).json()).toMatchObject({ credits: '0.00', pending: '0.00' });
  });

  it('refuses a date the business has blocked, and books another day', async () => {
    const { owner, businessId, serviceId } = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    const date = upcomingWeekday();
    expect((await owner.post('/api/business-availability', { businessId, date })).statusCode).toBe(201);
    const blocked = await book(alice, { businessId, serviceId, date, time: '10:00' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ code: 'SLOT_TAKEN', message: 'The business is not taking bookings on that date. Please choose another date.' });
    expect((await book(alice, { businessId, serviceId, date: upcomingWeekday(2, 1), time: '10:00' })).statusCode).toBe(201);
  });

  it('needs a signed-in user, and customerId may only name that user', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app);
    const date = upcomingWeekday();
    const anonymous = await new TestClient(ctx.app).post('/api/appointments', { ...contact(), businessId, serviceId, date, time: '09:00' });
    expect(anonymous.statusCode).toBe(401);
    const alice = await signUp(ctx.app);
    const spoof = await book(alice, { businessId, serviceId, date, time: '09:00', customerId: alice.user.id + 1000 });
    expect(spoof.statusCode).toBe(403);
    const honest = await book(alice, { businessId, serviceId, date, time: '09:00', customerId: alice.user.id });
    expect(honest.statusCode).toBe(201);
  });

  it('answers 400/404 to bad input and never 500', async () => {
    const { businessId, serviceId } = await serviceBusiness(ctx.app);
    const other = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    const date = upcomingWeekday();
    const valid = { businessId, serviceId, date, time: '11:00' };
    const expectations: [Record<string, unknown>, number, RegExp?][] = [
      [{ ...valid, businessId: 'abc' }, 400, /businessId/],
      [{ ...valid, businessId: 99999999999 }, 400, /businessId/],
      [{ ...valid, serviceId: -1 }, 400, /serviceId/],
      [{ ...valid, date: '2024-02-30' }, 400, /date/],
      [{ ...valid, time: '25:00' }, 400, /time/],
      [{ ...valid, time: 1000 }, 400, /time/],
      [{ ...valid, customerEmail: 'nope' }, 400, /Invalid email address/],
      [{ ...valid, customerName: '  ' }, 400, /Full name is required/],
      [{ ...valid, blockOffers: 'yes' }, 400, /blockOffers/],
      [{ ...valid, notes: 'x'.repeat(1001) }, 400, /Notes/],
      [{ ...valid, businessId: 987654 }, 404, /Business not found/],
      [{ ...valid, serviceId: 987654 }, 404, /Service not found/],
      [{ ...valid, serviceId: other.serviceId }, 400, /not offered by this business/],
      [{ businessId, date, time: '11:00' }, 400, /serviceId/],
    ];
    for (const [body, status, message] of expectations) {
      const res = await book(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message).toMatch(message);
    }
    const missing = await alice.post('/api/appointments', { businessId });
    expect(missing.statusCode).toBe(400);
    const array = await alice.request({ method: 'POST', url: '/api/appointments', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(array.statusCode).toBe(400);
  });

  it('does not book a deleted service', async () => {
    const { owner, businessId, serviceId } = await serviceBusiness(ctx.app);
    expect((await owner.delete(`/api/services/${serviceId}`)).statusCode).toBe(204);
    const alice = await signUp(ctx.app);
    const res = await book(alice, { businessId, serviceId, date: upcomingWeekday(), time: '10:00' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/appointments for a restaurant', () => {
  it('defaults to the table reservation, takes the restaurant duration and stores the extras', async () => {
    const { businessId, serviceId } = await restaurant(ctx.app, { reservationDuration: 90, maxPartySize: 6, seatingCapacity: 20 });
    const alice = await signUp(ctx.app);
    const date = upcomingDay(3);
    const res = await book(alice, { businessId, date, time: '18:00', partySize: 4, seatingPreference: 'window', occasionType: 'anniversary', dietaryRestrictions: 'nuts' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      serviceId,
      serviceName: 'Table reservation',
      businessType: 'restaurant',
      duration: 90,
      price: '0.00',
      partySize: 4,
      seatingPreference: 'window',
      occasionType: 'anniversary',
      dietaryRestrictions: 'nuts',
      customerName: 'Pat Doe',
    });
    const tooBig = await book(alice, { businessId, date, time: '18:00', partySize: 7 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('Party size must be between 1 and 6');
    const badSeat = await book(alice, { businessId, date, time: '18:00', partySize: 2, seatingPreference: 'roof' });
    expect(badSeat.statusCode).toBe(400);
    const offGrid = await book(alice, { businessId, date, time: '18:10', partySize: 2 });
    expect(offGrid.statusCode).toBe(409);
  });

  it('never seats more guests than the capacity over the reservation period', async () => {
    const { businessId } = await restaurant(ctx.app, { seatingCapacity: 10, maxPartySize: 6, reservationDuration: 120 });
    const date = upcomingDay(4);
    const guests = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    expect((await book(guests[0], { businessId, date, time: '18:00', partySize: 6 })).statusCode).toBe(201);
    // 19:30 overlaps 18:00-20:00: 6 + 6 > 10
    const full = await book(guests[1], { businessId, date, time: '19:30', partySize: 6 });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('SLOT_TAKEN');
    expect((await book(guests[1], { businessId, date, time: '19:30', partySize: 4 })).statusCode).toBe(201);
    // 20:00 no longer overlaps the 18:00 party
    expect((await book(guests[2], { businessId, date, time: '20:00', partySize: 6 })).statusCode).toBe(201);
  });
});
