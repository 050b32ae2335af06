import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, TestClient, type TestContext } from '../test/test-app.js';
import { contact } from './appointments/test-fixtures.js';
import { futureMonday, restaurant, serviceBusiness } from './availability/test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const count = async (table: string) => (await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from ${table}`))[0].n;

/** Spellings Number() reads as `id` that are not the decimal id itself. */
const looseSpellings = (id: number) => [`0x${id.toString(16)}`, `0b${id.toString(2)}`, `${id}e0`, `%20${id}`, `+${id}`, `0${id}`, `${id}.0`];

describe('ids in paths and query strings are decimal digits only', () => {
  it('answers 400 naming the field for hex, binary, exponent, padded and signed ids', async () => {
    const { business } = await serviceBusiness(ctx.app);
    const anyone = new TestClient(ctx.app);
    expect((await anyone.get(`/api/businesses/${business.id}`)).statusCode).toBe(200);
    for (const spelling of looseSpellings(business.id)) {
      const page = await anyone.get(`/api/businesses/${spelling}`);
      expect(page.statusCode, spelling).toBe(400);
      expect(page.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^id: id /) });
      const slots = await anyone.get(`/api/available-slots?businessId=${spelling}&date=${futureMonday()}`);
      expect(slots.statusCode, spelling).toBe(400);
      expect(slots.json().message).toMatch(/^businessId: businessId /);
    }
    expect((await anyone.get('/api/businesses/2147483648')).json().message).toBe('id: id is too large');
  });

  it('reads query-string counts strictly too', async () => {
    const { business } = await restaurant(ctx.app);
    const anyone = new TestClient(ctx.app);
    const base = `/api/available-slots?businessId=${business.id}&date=${futureMonday()}`;
    expect((await anyone.get(`${base}&partySize=2`)).statusCode).toBe(200);
    for (const spelling of ['+2', '2.0', '2e0', '0x2', '%202', '']) {
      const res = await anyone.get(`${base}&partySize=${spelling}`);
      expect(res.statusCode, spelling).toBe(400);
      expect(res.json().message).toMatch(/partySize/);
    }
  });
});

describe('numbers in JSON bodies are JSON numbers', () => {
  it('refuses dayOfWeek null and string numbers in weekly hours, changing nothing', async () => {
    const { owner, business } = await serviceBusiness(ctx.app);
    const before = await count('business_hours');
    for (const dayOfWeek of [null, '1', true, '']) {
      const res = await owner.put(`/api/businesses/${business.id}/hours`, { hours: [{ dayOfWeek, openTime: '09:00', closeTime: '17:00' }] });
      expect(res.statusCode, String(dayOfWeek)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect(await count('business_hours')).toBe(before);
  });

  it('refuses businessId true in a booking, a blocked date and a time slot, writing nothing', async () => {
    const svc = await serviceBusiness(ctx.app);
    const rest = await restaurant(ctx.app);
    const customer = await signUp(ctx.app, 'customer');
    const before = { appointments: await count('appointments'), blocked: await count('blocked_dates'), slots: await count('restaurant_time_slots') };
    const date = futureMonday();

    const booking = await customer.post('/api/appointments', { ...contact(), businessId: true, serviceId: svc.service.id, date, time: '10:00' });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().message).toMatch(/^businessId: /);
    const stringId = await customer.post('/api/appointments', { ...contact(), businessId: String(svc.business.id), serviceId: svc.service.id, date, time: '10:00' });
    expect(stringId.statusCode).toBe(400);
    const party = await customer.post('/api/appointments', { ...contact(), businessId: rest.business.id, serviceId: rest.service.id, date, time: '18:00', partySize: '2' });
    expect(party.statusCode).toBe(400);

    expect((await svc.owner.post('/api/business-availability', { businessId: true, date })).statusCode).toBe(400);
    const slot = { businessId: rest.business.id, dayOfWeek: 5, startTime: '11:30', endTime: '14:00', intervalMinutes: 15 };
    for (const bad of [{ businessId: true }, { dayOfWeek: null }, { dayOfWeek: '5' }, { intervalMinutes: '15' }]) {
      const res = await rest.owner.post('/api/restaurant-time-slots', { ...slot, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect({ appointments: await count('appointments'), blocked: await count('blocked_dates'), slots: await count('restaurant_time_slots') }).toEqual(before);
  });

  it('refuses string numbers for restaurant settings and service durations', async () => {
    const owner = await signUp(ctx.app, 'business');
    const res = await owner.post('/api/restaurants', { businessName: 'Luigi', cuisineType: 'Italian', priceRange: '$$', maxPartySize: '8' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Max party size must be a number');
    expect((await owner.get('/api/user')).json().businessId).toBeNull();
    const { owner: svcOwner, business } = await serviceBusiness(ctx.app);
    expect((await svcOwner.post(`/api/businesses/${business.id}/services`, { name: 'Cut', duration: '30', price: '10' })).statusCode).toBe(400);
  });
});

describe('money has at most two decimals', () => {
  it('answers 400 saying so for sub-cent prices, as a number or a string, and keeps exact cents', async () => {
    const { owner, business } = await serviceBusiness(ctx.app);
    const before = await count('services');
    for (const price of [0.001, '0.001', 19.999, '19.999']) {
      const res = await owner.post(`/api/businesses/${business.id}/services`, { name: 'Cut', duration: 30, price });
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().message).toMatch(/at most two decimal places/);
    }
    expect(await count('services')).toBe(before);
    const exact = await owner.post(`/api/businesses/${business.id}/services`, { name: 'Cut', duration: 30, price: 19.99 });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().price).toBe('19.99');
    const sum = await owner.put(`/api/services/${exact.json().id}`, { name: 'Cut', duration: 30, price: 0.1 + 0.2 });
    expect(sum.statusCode).toBe(400);
  });
});
