import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/errors.js';
import { addDays } from '../../../contract/time.js';
import { createTestApp, signUp, TestClient, type TestContext } from '../../test/test-app.js';
import { businessNow } from './business-clock.js';
import { serviceBusiness } from './test-fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('blocked dates', () => {
  it('are blocked by the owner from today on in the business zone, listed publicly by date, and unblocked', async () => {
    const { owner, business } = await serviceBusiness(ctx.app, { timeZone: 'Pacific/Kiritimati' });
    const today = businessNow('Pacific/Kiritimati').date;
    const later = await owner.post('/api/business-availability', { businessId: business.id, date: addDays(today, 3), isAvailable: false, reason: ' Holiday ' });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({ id: expect.any(Number), businessId: business.id, date: addDays(today, 3), isAvailable: false, reason: 'Holiday' });
    const now = await owner.post('/api/business-availability', { businessId: business.id, date: today });
    expect(now.statusCode).toBe(201);
    expect(now.json().reason).toBe('');

    const list = await new TestClient(ctx.app).get(`/api/business-availability/${business.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { date: string }) => b.date)).toEqual([today, addDays(today, 3)]);

    const del = await owner.delete(`/api/business-availability/${later.json().id}`);
    expect(del.statusCode).toBe(204);
    expect((await owner.get(`/api/business-availability/${business.id}`)).json()).toHaveLength(1);
    expect((await owner.delete(`/api/business-availability/${later.json().id}`)).statusCode).toBe(404);
  });

  it('reject a past date (400), a date already blocked (409) and malformed input (400)', async () => {
    const { owner, business } = await serviceBusiness(ctx.app, { timeZone: 'Pacific/Pago_Pago' });
    const today = businessNow('Pacific/Pago_Pago').date;
    const past = await owner.post('/api/business-availability', { businessId: business.id, date: addDays(today, -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: ErrorCode.VALIDATION, message: 'The date must be today or later' });
    expect((await owner.post('/api/business-availability', { businessId: business.id, date: addDays(today, 1) })).statusCode).toBe(201);
    const again = await owner.post('/api/business-availability', { businessId: business.id, date: addDays(today, 1), reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${addDays(today, 1)} is already blocked`);

    const cases: [object, string][] = [
      [{ businessId: business.id }, 'date: Date is required'],
      [{ businessId: business.id, date: '2030-13-01' }, 'date: Date must be a valid date (YYYY-MM-DD)'],
      [{ date: addDays(today, 2) }, 'businessId is required'],
      [{ businessId: 'x', date: addDays(today, 2) }, 'businessId'],
      [{ businessId: business.id, date: addDays(today, 2), isAvailable: true }, 'isAvailable must be false for a blocked date'],
      [{ businessId: business.id, date: addDays(today, 2), reason: 'x'.repeat(301) }, 'Reason must be at most 300 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post('/api/business-availability', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('answer 401 signed out, 403 to anyone but the owner and 404 for missing businesses or records', async () => {
    const { owner, business } = await serviceBusiness(ctx.app);
    const date = addDays(businessNow('America/New_York').date, 5);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.post('/api/business-availability', { businessId: business.id, date })).statusCode).toBe(401);
    const stranger = (await serviceBusiness(ctx.app)).owner;
    expect((await stranger.post('/api/business-availability', { businessId: business.id, date })).statusCode).toBe(403);
    const customer = await signUp(ctx.app, 'customer');
    expect((await customer.post('/api/business-availability', { businessId: business.id, date })).statusCode).toBe(403);
    expect((await stranger.post('/api/business-availability', { businessId: 999999, date })).statusCode).toBe(404);

    const created = (await owner.post('/api/business-availability', { businessId: business.id, date })).json();
    expect((await anonymous.delete(`/api/business-availability/${created.id}`)).statusCode).toBe(401);
    const forbidden = await stranger.delete(`/api/business-availability/${created.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only the owner of this business can do this');
    expect((await stranger.delete('/api/business-availability/999999')).json()).toMatchObject({ message: 'Blocked date not found' });
    expect((await stranger.delete('/api/business-availability/0')).statusCode).toBe(400);
    expect((await anonymous.get('/api/business-availability/999999')).statusCode).toBe(404);
    expect((await anonymous.get('/api/business-availability/nope')).statusCode).toBe(400);
    expect((await anonymous.get(`/api/business-availability/${business.id}`)).json()).toHaveLength(1);
  });
});
