import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app.js';
import { earliestBySlots, restaurant, serviceBusiness } from './test-fixtures.js';

// GET /api/businesses/:id/earliest-appointments: each live service's first free start in the coming
// week at one business, so the booking flows open on a day that has times (issue 18).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const visitor = () => new TestClient(ctx.app);

describe("a business's earliest appointments", () => {
  it('lists each live service of that business only, soonest first, as the slot list has them', async () => {
    const shop = await serviceBusiness(ctx.app, { duration: 45 });
    const long = (await shop.owner.post(`/api/businesses/${shop.business.id}/services`, { name: 'Long', duration: 120, price: '99.50' })).json();
    const gone = (await shop.owner.post(`/api/businesses/${shop.business.id}/services`, { name: 'Gone', duration: 30, price: '1' })).json();
    await shop.owner.delete(`/api/services/${gone.id}`);
    await serviceBusiness(ctx.app);

    const res = await visitor().get(`/api/businesses/${shop.business.id}/earliest-appointments`);
    expect(res.statusCode).toBe(200);
    const items = res.json() as EarliestAppointment[];
    expect(items.map((i) => i.business.id)).toEqual([shop.business.id, shop.business.id]);
    expect(items.map((i) => i.service.id).sort()).toEqual([shop.service.id, long.id].sort());
    const keys = items.map((i) => `${i.date} ${i.time}`);
    expect(keys).toEqual([...keys].sort());
    for (const item of items) {
      expect({ date: item.date, time: item.time }).toEqual(await earliestBySlots(ctx.database.db, shop.business.id, item.service.id, 'America/New_York', new Date()));
    }
    // The single-item route answers the first of them.
    expect((await visitor().get(`/api/businesses/${shop.business.id}/earliest-appointment`)).json()).toEqual(items[0]);
  });

  it("a restaurant's table service too", async () => {
    const dining = await restaurant(ctx.app, { reservationDuration: 90 });
    const [table] = (await visitor().get(`/api/businesses/${dining.business.id}/earliest-appointments`)).json() as EarliestAppointment[];
    expect(table).toMatchObject({ business: { id: dining.business.id, businessType: 'restaurant' }, service: { serviceName: 'Table reservation' }, duration: 90 });
  });

  it('is an empty list when nothing is free that week (no error to log), 404 for no such business, 400 for a bad id', async () => {
    const { owner, business } = await serviceBusiness(ctx.app);
    await owner.put(`/api/businesses/${business.id}/hours`, { hours: [] });
    const none = await visitor().get(`/api/businesses/${business.id}/earliest-appointments`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const missing = await visitor().get('/api/businesses/999999/earliest-appointments');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Business not found');
    expect((await visitor().get('/api/businesses/x/earliest-appointments')).statusCode).toBe(400);
  });
});
