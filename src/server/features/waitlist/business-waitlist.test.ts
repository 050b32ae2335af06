import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesFollowed, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// The owner's view of who is waiting (GET /api/businesses/{id}/waitlist?date, DESIGN section 11):
// every entry of the day in each status, oldest first, a page at a time; the owner alone reads it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

interface DayEntry {
  id: number;
  customerName: string;
  serviceName: string;
  staffId: number | null;
  staffName: string | null;
  partySize: number;
  date: string;
  fromTime: string;
  toTime: string;
  timeZone: string;
  status: string;
  offer: { appointmentId: number; time: string; expiresAt: string } | null;
}

const join = async (c: Client, shop: { businessId: number; serviceId: number }, date: string, extra: Record<string, unknown> = {}) => {
  const res = await c.post('/api/waitlist', { businessId: shop.businessId, serviceId: shop.serviceId, date, fromTime: '09:00', toTime: '10:00', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

/**
 * A shop whose 09:00-10:00 is full on `date`, and five waiters who joined in order and now stand as
 * claimed, expired, offered, waiting (for its one member) and cancelled.
 */
async function dayOfEveryStatus() {
  const shop = await serviceBusiness(ctx.app);
  const date = upcomingWeekday(2);
  const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
  const first = (await book(a, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' })).json().id as number;
  const second = (await book(b, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:30' })).json().id as number;
  const member = ((await shop.owner.get(`/api/businesses/${shop.businessId}/staff?all=true`)).json() as { id: number }[])[0].id;
  const w = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
  expect((await w[0].patch('/api/user', { fullName: 'Ada Lovelace' })).statusCode).toBe(200);
  const ids = [await join(w[0], shop, date), await join(w[1], shop, date), await join(w[2], shop, date), await join(w[3], shop, date, { staffId: member }), await join(w[4], shop, date)];
  expect((await w[4].delete(`/api/waitlist/${ids[4]}`)).statusCode).toBe(204);

  // 09:00 frees: held for the first waiter, who claims it.
  expect((await a.patch(`/api/appointments/${first}`, { status: 'cancelled' })).statusCode).toBe(200);
  await changesFollowed(ctx.database);
  expect((await w[0].post(`/api/waitlist/${ids[0]}/claim`)).statusCode).toBe(200);
  // 09:30 frees: held for the second, whose hold lapses (the lapse job's function, past its end), so it passes to the third.
  expect((await b.patch(`/api/appointments/${second}`, { status: 'cancelled' })).statusCode).toBe(200);
  await changesFollowed(ctx.database);
  const [held] = await queryRows<{ id: number; held_until: Date }>(ctx.database, `select a.id, a.held_until from appointments a join waitlist_entries e on e.appointment_id = a.id where e.id = ${ids[1]}`);
  await queryRows(ctx.database, `select que_waitlist_hold_lapse(${held.id}, '${new Date(new Date(held.held_until).getTime() + 1000).toISOString()}')`);
  await changesFollowed(ctx.database);
  return { ...shop, date, member, waiters: w, ids };
}

const dayUrl = (businessId: number, date: string, tail = '') => `/api/businesses/${businessId}/waitlist?date=${date}${tail}`;

describe("the owner's view of a day's waitlist", () => {
  it('lists every entry of the day, oldest first, with who, what, when and each status; while offered the held time and its end', async () => {
    const shop = await dayOfEveryStatus();
    const res = await shop.owner.get(dayUrl(shop.businessId, shop.date));
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as DayEntry[];
    expect(list.map((e) => e.id)).toEqual(shop.ids);
    expect(list.map((e) => e.status)).toEqual(['claimed', 'expired', 'offered', 'waiting', 'cancelled']);
    expect(list[0]).toMatchObject({ customerName: 'Ada Lovelace', serviceName: 'Checkup', date: shop.date, fromTime: '09:00', toTime: '10:00', partySize: 1, timeZone: 'America/New_York', staffId: null, staffName: null, offer: null });
    // No full name: the username, as a hold is booked under.
    expect(list[1].customerName).toBe(shop.waiters[1].user.username);
    expect(list[2].offer).toMatchObject({ time: '09:30' });
    expect(new Date(list[2].offer!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(list[3]).toMatchObject({ staffId: shop.member, staffName: expect.any(String), offer: null });
    // Personal contact details stay with bookings.
    expect(JSON.stringify(list)).not.toMatch(/@example\.com/);
    // Another day's list is its own.
    expect((await shop.owner.get(dayUrl(shop.businessId, upcomingWeekday(2, 1)))).json()).toEqual([]);
  });

  it('comes a page at a time through the Link header, in the same order', async () => {
    const shop = await dayOfEveryStatus();
    const seen: number[] = [];
    let url: string | null = dayUrl(shop.businessId, shop.date, '&limit=2');
    let pages = 0;
    while (url) {
      const res = await shop.owner.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as DayEntry[];
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((e) => e.id));
      pages++;
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
    expect(seen).toEqual(shop.ids);
    expect(pages).toBe(3);
    // Another list's cursor is refused with the reason, never a 500.
    const other = await shop.waiters[0].get('/api/waitlist?limit=1');
    const foreign = /cursor=([^&>]+)/.exec(String(other.headers.link))?.[1];
    const refused = await shop.owner.get(dayUrl(shop.businessId, shop.date, `&cursor=${foreign}`));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/cursor/);
  });

  it('is the owner’s alone: another owner and customers are refused, signed out is 401, an unknown business 404, a bad date 400', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(2);
    const other = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    expect((await shop.owner.get(dayUrl(shop.businessId, date))).statusCode).toBe(200);
    expect((await other.owner.get(dayUrl(shop.businessId, date))).statusCode).toBe(403);
    expect((await customer.get(dayUrl(shop.businessId, date))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: dayUrl(shop.businessId, date) })).statusCode).toBe(401);
    expect((await shop.owner.get(dayUrl(2_000_000_000, date))).statusCode).toBe(404);
    const bad = await shop.owner.get(dayUrl(shop.businessId, '2026-02-30'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/date/);
    expect((await shop.owner.get(`/api/businesses/${shop.businessId}/waitlist`)).statusCode).toBe(400);
  });
});

describe('the index behind it', () => {
  it('reads a day through waitlist_entries_business_day_idx', async () => {
    const [row] = await queryRows<{ indexdef: string }>(ctx.database, `select indexdef from pg_indexes where indexname = 'waitlist_entries_business_day_idx'`);
    expect(row.indexdef).toMatch(/\(business_id, date, created_at, id\)/);
  });
});
