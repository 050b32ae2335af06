import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/errors.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { restaurant, serviceBusiness } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const week = [
  { dayOfWeek: 6, openTime: '10:00', closeTime: '14:00' },
  { dayOfWeek: 1, openTime: '08:30', closeTime: '18:15' },
];

describe('weekly hours', () => {
  it('are public to read and start as Mon-Fri 09:00-17:00', async () => {
    const { business } = await serviceBusiness(ctx.app);
    const res = await new TestClient(ctx.app).get(`/api/businesses/${business.id}/hours`);
    expect(res.statusCode).toBe(200);
    expect(res.json().hours).toEqual([1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, openTime: '09:00', closeTime: '17:00' })));
  });

  it('are replaced as a whole week by the owner; days left out are closed', async () => {
    const { owner, business } = await serviceBusiness(ctx.app);
    const res = await owner.put(`/api/businesses/${business.id}/hours`, { hours: week });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hours: [week[1], week[0]] });
    expect((await owner.get(`/api/businesses/${business.id}/hours`)).json()).toEqual({ hours: [week[1], week[0]] });
    const closed = await owner.put(`/api/businesses/${business.id}/hours`, { hours: [] });
    expect(closed.json()).toEqual({ hours: [] });
  });

  it('reject invalid weeks with 400 naming the problem and change nothing', async () => {
    const { owner, business } = await serviceBusiness(ctx.app);
    const url = `/api/businesses/${business.id}/hours`;
    const cases: [unknown, string][] = [
      [{ hours: [{ dayOfWeek: 1, openTime: '17:00', closeTime: '09:00' }] }, 'Closing time must be after opening time'],
      [{ hours: [week[1], { ...week[1], openTime: '07:00' }] }, 'Each day may appear only once'],
      [{ hours: [{ ...week[0], dayOfWeek: 7 }] }, 'Day must be 0 (Sunday) to 6 (Saturday)'],
      [{ hours: [{ ...week[0], openTime: '9am' }] }, 'Opening time must be a time such as 09:30'],
      [{ hours: [{ dayOfWeek: 2, openTime: '09:00' }] }, 'Closing time is required'],
      [{ hours: 'all week' }, 'hours'],
      [{}, 'hours'],
      [{ hours: Array.from({ length: 8 }, (_, i) => ({ ...week[0], dayOfWeek: i % 7 })) }, 'At most one entry per day'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.request({ method: 'PUT', url, payload: body as object });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    expect((await owner.get(url)).json().hours).toHaveLength(5);
  });

  it('answer 401 signed out, 403 to anyone but the owner, 404 for a missing business, 409 for a restaurant', async () => {
    const { business } = await serviceBusiness(ctx.app);
    const url = `/api/businesses/${business.id}/hours`;
    expect((await new TestClient(ctx.app).put(url, { hours: week })).statusCode).toBe(401);
    const otherOwner = (await serviceBusiness(ctx.app)).owner;
    const forbidden = await otherOwner.put(url, { hours: week });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only the owner of this business can do this');
    expect((await (await signUp(ctx.app, 'customer')).put(url, { hours: week })).statusCode).toBe(403);
    const missing = await otherOwner.put('/api/businesses/999999/hours', { hours: week });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Business not found');
    expect((await new TestClient(ctx.app).get('/api/businesses/999999/hours')).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get('/api/businesses/abc/hours')).statusCode).toBe(400);
    const r = await restaurant(ctx.app);
    const conflict = await r.owner.put(`/api/businesses/${r.business.id}/hours`, { hours: week });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('Restaurants set their opening times with time slots, not weekly hours');
    expect((await ctx.app.inject({ method: 'GET', url })).json().hours).toHaveLength(5);
  });
});
