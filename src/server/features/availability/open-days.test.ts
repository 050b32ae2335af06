import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../contract/time.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { businessNow } from './business-clock.js';
import { book, futureMonday, restaurant, serviceBusiness } from './test-fixtures.js';

// GET /api/businesses/:id/open-days (issue 27): the calendar's month in one query, by the slot list's
// own rules, so a closed or full day is greyed out and the next free one is a tap away.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
}, 120_000);
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const daysOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
};

describe('the open days of a month', () => {
  it('are exactly the days whose slot list is not empty: not weekends, a blocked day or a full one', async () => {
    const { owner, business, service } = await serviceBusiness(ctx.app, { duration: 60 });
    // A Monday whose week ends in its own month (the month asked for below holds Monday to Saturday):
    // 2027-03-29's Thursday is April 1 (failed at the fake clock of 2027-03-14).
    const first = futureMonday();
    const monday = addDays(first, 5).slice(0, 7) === first.slice(0, 7) ? first : addDays(first, 7);
    // Tuesday blocked, Wednesday booked solid (9:00 to 17:00, an hour each).
    expect((await owner.post('/api/business-availability', { businessId: business.id, date: addDays(monday, 1), isAvailable: false })).statusCode).toBe(201);
    for (let h = 9; h < 17; h++) await book(ctx.database.db, { businessId: business.id, serviceId: service.id, date: addDays(monday, 2), time: `${String(h).padStart(2, '0')}:00`, duration: 60 });

    const month = monday.slice(0, 7);
    const res = await get(`/api/businesses/${business.id}/open-days?month=${month}&serviceId=${service.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { openDays } = res.json() as { month: string; openDays: string[] };
    expect(openDays).toContain(monday);
    expect(openDays).not.toContain(addDays(monday, 1));
    expect(openDays).not.toContain(addDays(monday, 2));
    expect(openDays).toContain(addDays(monday, 3));
    expect(openDays).not.toContain(addDays(monday, 5));
    // The same answer as asking each day's slot list (today aside: its free starts follow the clock).
    const today = businessNow('America/New_York').date;
    for (const day of daysOf(month).filter((d) => d !== today)) {
      const slots = (await get(`/api/available-slots?businessId=${business.id}&serviceId=${service.id}&date=${day}`)).json() as string[];
      expect(openDays.includes(day), day).toBe(slots.length > 0);
    }
  });

  it("follows a restaurant's party size", async () => {
    const { business } = await restaurant(ctx.app, { seatingCapacity: 4, maxPartySize: 4 });
    const month = futureMonday().slice(0, 7);
    const two = (await get(`/api/businesses/${business.id}/open-days?month=${month}&partySize=2`)).json() as { openDays: string[] };
    expect(two.openDays.length).toBeGreaterThan(0);
    expect((await get(`/api/businesses/${business.id}/open-days?month=${month}&partySize=5`)).statusCode).toBe(400);
  });

  it('refuses a bad month, an unknown business or service, and a member of no business with a 4xx naming it', async () => {
    const { business, service } = await serviceBusiness(ctx.app);
    const month = futureMonday().slice(0, 7);
    for (const bad of ['2026-13', '2026-1', 'december', '']) {
      const res = await get(`/api/businesses/${business.id}/open-days?month=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/month/);
    }
    expect((await get(`/api/businesses/${business.id}/open-days`)).statusCode).toBe(400);
    expect((await get(`/api/businesses/999999/open-days?month=${month}`)).statusCode).toBe(404);
    expect((await get(`/api/businesses/${business.id}/open-days?month=${month}&serviceId=999999`)).statusCode).toBe(404);
    const res = await get(`/api/businesses/${business.id}/open-days?month=${month}&serviceId=${service.id}&staffId=999999`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/staffId/);
  });
});
