import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../contract/appointments.js';
import { appointmentSchema, restaurantReservationSchema } from '../../../contract/appointments.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { book, contact, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PERSONAL = ['customerName', 'customerEmail', 'customerPhone', 'notes', 'customerId'] as const;

describe('GET /api/appointments', () => {
  it('lists the signed-in user’s own appointments newest first, optionally of one date; 401 signed out', async () => {
    const shop = await serviceBusiness(ctx.app);
    const alice = await signUp(ctx.app);
    const [d1, d2] = [upcomingWeekday(2, 0), upcomingWeekday(2, 1)];
    const base = { businessId: shop.businessId, serviceId: shop.serviceId, notes: 'mine' };
    for (const [date, time] of [[d1, '09:00'], [d2, '09:00'], [d1, '15:00']]) {
      expect((await book(alice, { ...base, date, time })).statusCode).toBe(201);
    }
    const bob = await signUp(ctx.app);
    expect((await book(bob, { ...base, date: d1, time: '11:00' })).statusCode).toBe(201);

    const mine = (await alice.get('/api/appointments')).json() as Appointment[];
    expect(mine.map((a) => `${a.date} ${a.time}`)).toEqual([`${d2} 09:00`, `${d1} 15:00`, `${d1} 09:00`]);
    expect(mine.every((a) => a.isMine && a.notes === 'mine' && a.customerId === alice.user.id)).toBe(true);
    for (const a of mine) expect(appointmentSchema.parse(a)).toEqual(a);
    expect(mine[0]).toMatchObject({ serviceName: 'Checkup', businessName: shop.businessName, businessType: 'service' });

    const onD1 = (await alice.get(`/api/appointments?date=${d1}`)).json() as Appointment[];
    expect(onD1.map((a) => a.time)).toEqual(['15:00', '09:00']);
    expect((await new TestClient(ctx.app).get('/api/appointments')).statusCode).toBe(401);
    expect((await new TestClient(ctx.app).get(`/api/appointments?date=${d1}`)).statusCode).toBe(401);
    expect((await alice.get('/api/appointments?date=tomorrow')).statusCode).toBe(400);
  });

  it('shows a business’s active appointments to others without personal data; the owner sees all of them in full', async () => {
    const shop = await serviceBusiness(ctx.app);
    const second = await shop.owner.post(`/api/businesses/${shop.businessId}/services`, { name: 'Cleaning', duration: 30, price: '20.00' });
    const otherServiceId = second.json().id as number;
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingWeekday();
    const base = { businessId: shop.businessId, date, notes: 'private note', occasionType: 'birthday' };
    const a1 = (await book(alice, { ...base, serviceId: shop.serviceId, time: '09:00' })).json() as Appointment;
    const b1 = (await book(bob, { ...base, serviceId: shop.serviceId, time: '10:00', ...contact('Bob Secret') })).json() as Appointment;
    const b2 = (await book(bob, { ...base, serviceId: otherServiceId, time: '11:00' })).json() as Appointment;
    const b3 = (await book(bob, { ...base, serviceId: shop.serviceId, time: '12:00' })).json() as Appointment;
    expect((await bob.patch(`/api/appointments/${b3.id}`, { status: 'cancelled' })).statusCode).toBe(200);

    const seenByAlice = (await alice.get(`/api/appointments?businessId=${shop.businessId}&serviceId=${shop.serviceId}`)).json() as Appointment[];
    expect(seenByAlice.map((a) => a.id)).toEqual([a1.id, b1.id]);
    const [own, others] = seenByAlice;
    expect(own).toMatchObject({ isMine: true, customerName: 'Pat Doe', notes: 'private note', customerId: alice.user.id });
    expect(others).toMatchObject({ isMine: false, time: '10:00', status: 'confirmed', blockOffers: false });
    for (const field of PERSONAL) expect(others[field]).toBeNull();
    expect(JSON.stringify(seenByAlice)).not.toContain('Bob Secret');

    const byDate = (await alice.get(`/api/appointments?businessId=${shop.businessId}&date=${date}`)).json() as Appointment[];
    expect(byDate.map((a) => a.id)).toEqual([a1.id, b1.id, b2.id]);
    const anonymous = (await new TestClient(ctx.app).get(`/api/appointments?businessId=${shop.businessId}`)).json() as Appointment[];
    expect(anonymous.map((a) => a.id)).toEqual([a1.id, b1.id, b2.id]);
    expect(anonymous.every((a) => !a.isMine && a.customerName === null && a.customerId === null)).toBe(true);

    const dashboard = (await shop.owner.get(`/api/appointments?businessId=${shop.businessId}`)).json() as Appointment[];
    expect(dashboard.map((a) => a.id)).toEqual([a1.id, b1.id, b2.id, b3.id]);
    expect(dashboard[1]).toMatchObject({ customerName: 'Bob Secret', notes: 'private note', customerId: bob.user.id, isMine: false });
    expect(dashboard[3].status).toBe('cancelled');

    expect((await alice.get('/api/appointments?businessId=987654')).statusCode).toBe(404);
    expect((await alice.get('/api/appointments?businessId=x')).statusCode).toBe(400);
  });
});

describe('GET /api/restaurant-reservations', () => {
  it('lists the day’s active reservations with customerId only for the guest themselves and the owner', async () => {
    const place = await restaurant(ctx.app, { seatingCapacity: 30 });
    const [alice, bob] = [await signUp(ctx.app), await signUp(ctx.app)];
    const date = upcomingDay(6);
    const a = (await book(alice, { businessId: place.businessId, date, time: '19:00', partySize: 2, seatingPreference: 'patio' })).json();
    const b = (await book(bob, { businessId: place.businessId, date, time: '18:00', partySize: 4 })).json();
    // a guest holds one table per restaurant and day: a third guest's, cancelled
    const carol = await signUp(ctx.app);
    const gone = (await book(carol, { businessId: place.businessId, date, time: '20:00', partySize: 4 })).json();
    expect((await carol.patch(`/api/appointments/${gone.id}`, { status: 'cancelled' })).statusCode).toBe(200);

    const url = `/api/restaurant-reservations?restaurantId=${place.businessId}&date=${date}`;
    const seen = (await alice.get(url)).json();
    expect(seen).toEqual([
      { id: b.id, customerId: null, time: '18:00', partySize: 4, seatingPreference: null, isMine: false },
      { id: a.id, customerId: alice.user.id, time: '19:00', partySize: 2, seatingPreference: 'patio', isMine: true },
    ]);
    for (const row of seen) expect(restaurantReservationSchema.parse(row)).toEqual(row);
    const owners = (await place.owner.get(url)).json();
    expect(owners.map((r: { customerId: number }) => r.customerId)).toEqual([bob.user.id, alice.user.id]);
    expect((await new TestClient(ctx.app).get(url)).json()).toHaveLength(2);

    const shop = await serviceBusiness(ctx.app);
    expect((await alice.get(`/api/restaurant-reservations?restaurantId=${shop.businessId}&date=${date}`)).statusCode).toBe(404);
    expect((await alice.get(`/api/restaurant-reservations?restaurantId=${place.businessId}`)).statusCode).toBe(400);
    expect((await alice.get(`/api/restaurant-reservations?restaurantId=0&date=${date}`)).statusCode).toBe(400);
  });
});
