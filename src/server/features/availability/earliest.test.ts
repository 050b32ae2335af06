import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app.js';
import { earliestBySlots, listEarliestAppointments, restaurant, serviceBusiness } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;


describe('earliest appointments over HTTP', () => {
  it('lists one item per business and live service, soonest first, with restaurant duration = reservation length', async () => {
    const svc = await serviceBusiness(ctx.app, { duration: 45 });
    const second = (await svc.owner.post(`/api/businesses/${svc.business.id}/services`, { name: 'Long', duration: 120, price: '99.50' })).json();
    const deleted = (await svc.owner.post(`/api/businesses/${svc.business.id}/services`, { name: 'Gone', duration: 30, price: '1' })).json();
    await svc.owner.delete(`/api/services/${deleted.id}`);
    const rest = await restaurant(ctx.app, { reservationDuration: 90 });

    const res = await new TestClient(ctx.app).get('/api/earliest-appointments');
    expect(res.statusCode).toBe(200);
    const items = res.json() as EarliestAppointment[];
    const keys = items.map((i) => `${i.date} ${i.time}`);
    expect(keys).toEqual([...keys].sort());
    const mine = items.filter((i) => i.business.id === svc.business.id);
    expect(mine.map((i) => i.service.id).sort()).toEqual([svc.service.id, second.id].sort());
    expect(mine.find((i) => i.service.id === second.id)).toMatchObject({
      business: { id: svc.business.id, businessName: 'Clinic', businessType: 'service', category: 'Healthcare' },
      service: { id: second.id, serviceName: 'Long', duration: 120, price: '99.50' },
      duration: 120,
    });
    const table = items.find((i) => i.business.id === rest.business.id)!;
    expect(table).toMatchObject({ business: { businessType: 'restaurant', category: 'Restaurant' }, service: { price: '0.00', serviceName: 'Table reservation' }, duration: 90 });

    for (const item of items) {
      const expected = await earliestBySlots(db(), item.business.id, item.service.id, 'America/New_York', new Date());
      expect({ date: item.date, time: item.time }).toEqual(expected);
    }

    const one = await new TestClient(ctx.app).get(`/api/businesses/${svc.business.id}/earliest-appointment`);
    expect(one.statusCode).toBe(200);
    // the same item, without the rating the listing adds
    const { ratingAverage: _a, ratingCount: _c, ...business } = mine[0].business;
    const { times, ...item } = mine[0];
    expect(times?.[0]).toBe(item.time);
    expect(one.json()).toEqual({ ...item, business });
  });

  it('keeps soonest first, then business and service, when stored rows and recomputed rows are merged', async () => {
    const now = new Date('2030-01-01T06:00:00Z'); // a Tuesday, before any shop opens
    const hours = (open: string) => ({ hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime: open, closeTime: '17:00' })) });
    const shops: Awaited<ReturnType<typeof serviceBusiness>>[] = [];
    for (const open of ['11:00', '09:00', '10:00', '09:00']) {
      const shop = await serviceBusiness(ctx.app, { timeZone: 'UTC' });
      expect((await shop.owner.put(`/api/businesses/${shop.business.id}/hours`, hours(open))).statusCode).toBe(200);
      shops.push(shop);
    }
    const key = (i: EarliestAppointment) => [`${i.date} ${i.time}`, String(i.business.id).padStart(10, '0'), String(i.service.id).padStart(10, '0')].join(' ');
    const inOrder = (items: EarliestAppointment[]) => expect(items.map(key)).toEqual(items.map(key).sort());
    const mine = (items: EarliestAppointment[]) => items.filter((i) => shops.some((s) => s.business.id === i.business.id)).map((i) => `${i.business.id} ${i.time}`);

    const computed = await listEarliestAppointments(db(), now);
    inOrder(computed);
    const [late, early, middle, alsoEarly] = shops.map((s) => s.business.id);
    expect(mine(computed)).toEqual([`${early} 09:00`, `${alsoEarly} 09:00`, `${middle} 10:00`, `${late} 11:00`]);

    // Only the first shop is recomputed now; the others are read as stored, and the two merge in order.
    expect((await shops[0].owner.put(`/api/businesses/${late}/hours`, hours('08:30'))).statusCode).toBe(200);
    const merged = await listEarliestAppointments(db(), now);
    inOrder(merged);
    expect(mine(merged)).toEqual([`${late} 08:30`, `${early} 09:00`, `${alsoEarly} 09:00`, `${middle} 10:00`]);
  });

  it('answers 404 with a message when nothing is free in the coming week or the business is missing', async () => {
    const { owner, business } = await serviceBusiness(ctx.app);
    await owner.put(`/api/businesses/${business.id}/hours`, { hours: [] });
    const none = await new TestClient(ctx.app).get(`/api/businesses/${business.id}/earliest-appointment`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No available appointments in the coming week');
    expect((await new TestClient(ctx.app).get('/api/earliest-appointments')).json().some((i: EarliestAppointment) => i.business.id === business.id)).toBe(false);
    const missing = await new TestClient(ctx.app).get('/api/businesses/999999/earliest-appointment');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Business not found');
    expect((await new TestClient(ctx.app).get('/api/businesses/x/earliest-appointment')).statusCode).toBe(400);
  });
});

/** Small deterministic PRNG so a failure can be replayed. */
