import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarliestAppointment } from '../../../contract/appointments.js';
import { addDays } from '../../../contract/time.js';
import { nextLink } from '../../test/history-world.js';
import { createTestApp, queryRows, TestClient, type TestContext } from '../../test/test-app.js';
import { addRestaurant, addService, type Listed, newYork, testMonday } from '../businesses/test-fixtures.js';
import { book } from './test-fixtures.js';

// GET /api/earliest-appointments (DESIGN section 10) through the real app: soonest first, a page at
// a time by cursor, with the directory's filters and a day, a time and a party size; stale rows are
// recomputed before a page is cut.

let ctx: TestContext;
let anyone: TestClient;
const monday = testMonday();
const shops: Listed[] = [];
let small: Listed;
let large: Listed;

beforeAll(async () => {
  ctx = await createTestApp({ EARLIEST_REFRESH: false, OFFER_SWEEPS: false, PAYMENT_WORKER: false });
  anyone = new TestClient(ctx.app);
  for (let i = 0; i < 6; i++) shops.push(await addService(ctx.app, { businessName: `Clinic ${i}`, ...(i === 0 ? { latitude: 40.758, longitude: -73.9855 } : {}) }));
  // a second service at the first clinic: two items for one business
  expect((await shops[0].owner.post(`/api/businesses/${shops[0].id}/services`, { name: 'Cleaning', duration: 60, price: '80.00' })).statusCode).toBe(201);
  small = await addRestaurant(ctx.app, ctx.database, { businessName: 'Small Table', maxPartySize: 4 });
  large = await addRestaurant(ctx.app, ctx.database, { businessName: 'Long Table', maxPartySize: 12, cuisineType: 'French' });
  ctx.clock.set(newYork(monday, '10:00'));
}, 120_000);
afterAll(() => ctx.close());

const list = async (query = ''): Promise<EarliestAppointment[]> => {
  const res = await anyone.get(`/api/earliest-appointments${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const keyOf = (i: EarliestAppointment) => `${i.business.id}/${i.service.id}`;

describe('GET /api/earliest-appointments', () => {
  it('pages reach every item exactly once, soonest first; no Link on the last page', async () => {
    const whole = await list('limit=100');
    expect(whole).toHaveLength(9);
    const order = whole.map((i) => `${i.date} ${i.time}`);
    expect(order).toEqual([...order].sort());
    for (const size of [1, 2, 4]) {
      const seen: EarliestAppointment[] = [];
      for (let url: string | null = `/api/earliest-appointments?limit=${size}`; url; ) {
        const res = await anyone.get(url);
        seen.push(...res.json());
        url = nextLink(res.headers.link);
      }
      expect(seen.map(keyOf)).toEqual(whole.map(keyOf));
    }
    expect((await anyone.get('/api/earliest-appointments')).headers.link).toBeUndefined();
    expect((await anyone.get('/api/earliest-appointments?limit=8')).headers.link).toMatch(/cursor=/);
  });

  it('date, time and party size narrow it', async () => {
    expect(await list(`date=${monday}`)).toHaveLength(9);
    // another day: every business free that day, not only those whose soonest start is on it (issue 27)
    expect((await list(`date=${addDays(monday, 1)}`)).map((i) => i.date)).toEqual(Array(9).fill(addDays(monday, 1)));
    const evening = await list('time=17:00');
    expect(evening.map((i) => i.business.businessName).sort()).toEqual(['Long Table', 'Small Table']);
    // each item says its first free start at or after the time
    expect((await list(`date=${monday}&time=11:00`)).map((i) => i.time)).toEqual([...Array(7).fill('11:00'), '17:00', '17:00']);
    expect((await list('partySize=6')).map((i) => i.business.id)).toEqual([large.id]);
    expect((await list('partySize=2')).map((i) => i.business.id).sort()).toEqual([small.id, large.id].sort());
  });

  it('marks each restaurant’s row, which the restaurant-only filters read through their own index', async () => {
    const rows = await queryRows<{ restaurant: boolean; kind: string }>(
      ctx.database,
      'select c.restaurant, b.business_type as kind from earliest_free_starts c join businesses b on b.id = c.business_id',
    );
    expect(rows.some((r) => r.restaurant)).toBe(true);
    for (const r of rows) expect(r.restaurant).toBe(r.kind === 'restaurant');
  });

  it('the directory filters apply: type, cuisine, search, near', async () => {
    expect((await list('type=restaurant')).every((i) => i.business.businessType === 'restaurant')).toBe(true);
    expect((await list('cuisine=French')).map((i) => i.business.id)).toEqual([large.id]);
    expect(new Set((await list('q=clinc')).map((i) => i.business.businessName)).size).toBe(6);
    expect((await list('near=40.75,-73.99&radiusKm=5')).map((i) => i.business.id)).toEqual([shops[0].id, shops[0].id]);
    expect((await list('near=40.75,-73.99&radiusKm=5')).map((i) => i.distanceKm)).toEqual([1, 1]);
    expect((await list('limit=1'))[0].business).toMatchObject({ ratingAverage: null, ratingCount: 0 });
    expect((await list('limit=1'))[0].distanceKm).toBeUndefined();
  });

  it('a taken start leaves the page at once, and a freed day comes back', async () => {
    const shop = shops[1];
    const itemOf = async () => (await list('limit=100')).find((i) => i.business.id === shop.id)!;
    expect((await itemOf()).time).toBe('10:30');
    await book(ctx.database.db, { businessId: shop.id, serviceId: shop.serviceId, date: monday, time: '10:30', duration: 30 });
    expect((await itemOf()).time).toBe('11:00');
    // Closing a day with a booking cancels it (DESIGN section 4: the owner asks to), so the freed day
    // comes back whole.
    const blocked = await shop.owner.post('/api/business-availability?cancelBookings=true', { businessId: shop.id, date: monday });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(await itemOf()).toMatchObject({ date: addDays(monday, 1), time: '09:00' });
    expect((await shop.owner.delete(`/api/business-availability/${blocked.json().id}`)).statusCode).toBe(204);
    expect(await itemOf()).toMatchObject({ date: monday, time: '10:30' });
  });

  it('refuses bad parameters and other lists’ cursors with a 400 naming them', async () => {
    const cursor = new URL(nextLink((await anyone.get('/api/earliest-appointments?limit=2')).headers.link)!, 'http://x').searchParams.get('cursor')!;
    const cases: [string, string][] = [
      ['date=2026-13-01', 'date must be a date YYYY-MM-DD'],
      ['time=25:00', 'time must be HH:MM'],
      ['partySize=0', 'partySize must be between 1 and 20'],
      ['limit=500', 'limit must be at most 100'],
      ['near=1', 'near must be "latitude,longitude"'],
      [`type=service&cursor=${cursor}`, 'cursor belongs to other filters'],
      ['cursor=abc', 'cursor is not one this list handed out'],
    ];
    for (const [query, message] of cases) {
      const res = await anyone.get(`/api/earliest-appointments?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    const fromDirectory = new URL(nextLink((await anyone.get('/api/businesses?limit=2')).headers.link)!, 'http://x').searchParams.get('cursor')!;
    expect((await anyone.get(`/api/earliest-appointments?cursor=${fromDirectory}`)).json().message).toContain('another list');
  });
});
