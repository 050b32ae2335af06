import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/errors.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { restaurant, serviceBusiness } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const slot = (businessId: number) => ({ businessId, dayOfWeek: 5, startTime: '11:30', endTime: '14:00', intervalMinutes: 15, isActive: true });

describe('restaurant time slots', () => {
  it('list the defaults publicly, then are created, updated and deleted by the owner', async () => {
    const { owner, business } = await restaurant(ctx.app);
    const anonymous = new TestClient(ctx.app);
    const defaults = await anonymous.get(`/api/restaurant-time-slots/${business.id}`);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toHaveLength(7);
    expect(defaults.json()[0]).toMatchObject({ businessId: business.id, dayOfWeek: 0, startTime: '17:00', endTime: '23:00', intervalMinutes: 30, isActive: true });

    const created = await owner.post('/api/restaurant-time-slots', slot(business.id));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), ...slot(business.id) });
    const id = created.json().id;
    const updated = await owner.put(`/api/restaurant-time-slots/${id}`, { ...slot(business.id), endTime: '15:00', intervalMinutes: 60, isActive: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, endTime: '15:00', intervalMinutes: 60, isActive: false });
    const list = (await anonymous.get(`/api/restaurant-time-slots/${business.id}`)).json() as { id: number; dayOfWeek: number }[];
    expect(list.map((s) => s.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 5, 6]);
    expect(list.find((s) => s.dayOfWeek === 5)!.id).toBe(id); // 11:30 sorts before 17:00
    expect((await owner.delete(`/api/restaurant-time-slots/${id}`)).statusCode).toBe(204);
    expect((await owner.delete(`/api/restaurant-time-slots/${id}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/restaurant-time-slots/${business.id}`)).json()).toHaveLength(7);
  });

  it('default isActive to true and reject invalid slots with 400 and the SPEC message', async () => {
    const { owner, business } = await restaurant(ctx.app);
    const { isActive: _a, ...withoutActive } = slot(business.id);
    const created = await owner.post('/api/restaurant-time-slots', withoutActive);
    expect(created.json().isActive).toBe(true);
    const cases: [object, string][] = [
      [{ ...slot(business.id), intervalMinutes: 20 }, 'Interval must be 15, 30 or 60 minutes'],
      [{ ...slot(business.id), endTime: '11:00' }, 'End time must be after start time'],
      [{ ...slot(business.id), dayOfWeek: 9 }, 'Day must be 0 (Sunday) to 6 (Saturday)'],
      [{ ...slot(business.id), dayOfWeek: undefined }, 'Day is required'],
      [{ ...slot(business.id), startTime: undefined }, 'startTime: Start time is required'],
      [{ ...slot(business.id), endTime: '24:00' }, 'endTime: End time must be a time such as 09:30'],
      [{ ...slot(business.id), isActive: 'yes' }, 'isActive must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post('/api/restaurant-time-slots', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION);
      expect(res.json().message).toContain(message);
      const put = await owner.put(`/api/restaurant-time-slots/${created.json().id}`, body);
      expect(put.statusCode).toBe(400);
    }
    const moved = await owner.put(`/api/restaurant-time-slots/${created.json().id}`, slot((await restaurant(ctx.app)).business.id));
    expect(moved.statusCode).toBe(400);
    const own = await owner.put(`/api/restaurant-time-slots/${created.json().id}`, { ...slot(business.id), businessId: 999999 });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('businessId must be the business this time slot belongs to');
  });

  it('are only for restaurants (409) and only for their owner (401/403/404)', async () => {
    const service = await serviceBusiness(ctx.app);
    const notRestaurant = await service.owner.post('/api/restaurant-time-slots', slot(service.business.id));
    expect(notRestaurant.statusCode).toBe(409);
    expect(notRestaurant.json().message).toBe('Time slots are only for restaurants; service businesses set weekly hours');
    expect((await new TestClient(ctx.app).get(`/api/restaurant-time-slots/${service.business.id}`)).json()).toEqual([]);

    const { owner, business } = await restaurant(ctx.app);
    const anonymous = new TestClient(ctx.app);
    const stranger = (await restaurant(ctx.app)).owner;
    const customer = await signUp(ctx.app, 'customer');
    expect((await anonymous.post('/api/restaurant-time-slots', slot(business.id))).statusCode).toBe(401);
    expect((await stranger.post('/api/restaurant-time-slots', slot(business.id))).statusCode).toBe(403);
    expect((await customer.post('/api/restaurant-time-slots', slot(business.id))).statusCode).toBe(403);
    expect((await stranger.post('/api/restaurant-time-slots', slot(999999))).statusCode).toBe(404);
    const id = (await owner.post('/api/restaurant-time-slots', slot(business.id))).json().id;
    expect((await anonymous.put(`/api/restaurant-time-slots/${id}`, slot(business.id))).statusCode).toBe(401);
    expect((await stranger.put(`/api/restaurant-time-slots/${id}`, slot(business.id))).statusCode).toBe(403);
    expect((await stranger.delete(`/api/restaurant-time-slots/${id}`)).statusCode).toBe(403);
    expect((await anonymous.delete(`/api/restaurant-time-slots/${id}`)).statusCode).toBe(401);
    const missing = await owner.put('/api/restaurant-time-slots/999999', slot(business.id));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Time slot not found');
    expect((await anonymous.get('/api/restaurant-time-slots/999999')).statusCode).toBe(404);
    expect((await owner.delete(`/api/restaurant-time-slots/${id}`)).statusCode).toBe(204);
  });
});
