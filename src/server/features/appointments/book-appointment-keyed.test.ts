import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from '../../../contract/time.js';
import { REPLAYED_HEADER } from '../../plugins/idempotency.js';
import { createTestApp, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, contact, serviceBusiness, upcomingDay, upcomingWeekday } from './test-fixtures.js';

// A booking sent with an Idempotency-Key runs in the key's transaction (plugins/keyed-attempt.ts).
// Refused for its date, it must say why, word for word as the same booking without a key does.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const bookWithKey = (client: Client, key: string, body: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/appointments', payload: { ...contact(), ...body }, headers: { 'idempotency-key': key } });

describe('a keyed booking refused for its date', () => {
  it('says why, as the same booking without a key does, and its retry replays that', async () => {
    const { owner, businessId, serviceId } = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const weekday = upcomingWeekday();
    const blocked = upcomingWeekday(2, 1);
    expect((await owner.post('/api/business-availability', { businessId, date: blocked })).statusCode).toBe(201);
    const days = {
      past: addDays(upcomingDay(0), -1),
      beyondWindow: addDays(upcomingDay(0), 45),
      blocked,
      closed: addDays(weekday, 6 - dayOfWeek(weekday)),
    };
    for (const [why, date] of Object.entries(days)) {
      const body = { businessId, serviceId, date, time: '10:00' };
      const plain = await book(customer, body);
      expect(plain.statusCode, why).toBe(409);
      expect(plain.json().message, why).not.toBe('That time slot is no longer available');
      const keyed = await bookWithKey(customer, `refused-${why}`, body);
      expect([keyed.statusCode, keyed.json()], why).toEqual([409, plain.json()]);
      const retry = await bookWithKey(customer, `refused-${why}`, body);
      expect([retry.statusCode, retry.body, retry.headers[REPLAYED_HEADER]], why).toEqual([409, keyed.body, 'true']);
    }
  });
});
