import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOfWeek } from '../../../contract/time.js';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// Capacity that frees without a cancel (DESIGN section 11: "an unblocked day, new hours or staff"):
// each owner change records the business-level change capacity_opened in its transaction, and the
// waitlist's follower offers the opened time to the day's waiting entries as a cancel's would be.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
});
afterAll(() => ctx.close());

interface Entry { id: number; status: string; offer: { date: string; time: string } | null }
const entry = async (c: Client, id: number) => ((await c.get('/api/waitlist')).json() as Entry[]).find((e) => e.id === id)!;
type Shop = Awaited<ReturnType<typeof serviceBusiness>>;

/** A waiting customer's entry for 09:00-10:00 on `date` (nothing free there now). */
async function waiter(shop: Shop, date: string) {
  const w = await signUp(ctx.app);
  const res = await w.post('/api/waitlist', { businessId: shop.businessId, serviceId: shop.serviceId, date, fromTime: '09:00', toTime: '10:00' });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('waiting');
  return { w, id: res.json().id as number };
}

const onlyMember = async (shop: Shop) => ((await shop.owner.get(`/api/businesses/${shop.businessId}/staff?all=true`)).json() as { id: number }[])[0].id;

async function expectOffered(w: Client, id: number, date: string) {
  expect(await entry(w, id)).toMatchObject({ status: 'offered', offer: { date, time: '09:00' } });
  const [change] = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from changes where kind = 'capacity_opened'`);
  expect(change.n).toBeGreaterThan(0);
}

describe('time opened by the business is offered to the waitlist', () => {
  it('an unblocked day', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const blocked = await shop.owner.post('/api/business-availability', { businessId: shop.businessId, date, reason: 'Inventory' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const { w, id } = await waiter(shop, date);
    expect((await shop.owner.delete(`/api/business-availability/${blocked.json().id}`)).statusCode).toBe(204);
    await expectOffered(w, id, date);
  });

  it('weekly hours widened (only the weekdays that open more)', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const dow = dayOfWeek(date);
    const week = (open: string) => [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, openTime: d === dow ? open : '09:00', closeTime: '17:00' }));
    expect((await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours: week('12:00') })).statusCode).toBe(200);
    const { w, id } = await waiter(shop, date);
    // Narrower hours open nothing: no change recorded, the entry waits.
    expect((await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours: week('13:00') })).statusCode).toBe(200);
    expect((await entry(w, id)).status).toBe('waiting');
    expect((await shop.owner.put(`/api/businesses/${shop.businessId}/hours`, { hours: week('09:00') })).statusCode).toBe(200);
    await expectOffered(w, id, date);
    const [row] = await queryRows<{ data: { weekdays: number[] } }>(ctx.database,
      `select data from changes where kind = 'capacity_opened' and business_id = ${shop.businessId} order by id desc limit 1`);
    expect(row.data.weekdays).toEqual([dow]);
  });

  it('a new staff member', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
    for (const [c, time] of [[a, '09:00'], [b, '09:30']] as const) {
      expect((await book(c, { businessId: shop.businessId, serviceId: shop.serviceId, date, time })).statusCode).toBe(201);
    }
    const { w, id } = await waiter(shop, date);
    expect((await shop.owner.post(`/api/businesses/${shop.businessId}/staff`, { name: 'Marco' })).statusCode).toBe(201);
    await expectOffered(w, id, date);
  });

  it('new hours of a staff member', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const member = await onlyMember(shop);
    const afternoons = [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, openTime: '12:00', closeTime: '17:00' }));
    expect((await shop.owner.put(`/api/staff/${member}/hours`, { hours: afternoons })).statusCode).toBe(200);
    const { w, id } = await waiter(shop, date);
    // Back on the business's hours (09:00-17:00): the morning opens.
    expect((await shop.owner.put(`/api/staff/${member}/hours`, { hours: null })).statusCode).toBe(200);
    await expectOffered(w, id, date);
  });

  it('time off removed', async () => {
    const shop = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    const member = await onlyMember(shop);
    const off = await shop.owner.post(`/api/staff/${member}/time-off`, { startDate: date, endDate: date, reason: 'Away' });
    expect(off.statusCode, off.body).toBe(201);
    const { w, id } = await waiter(shop, date);
    expect((await shop.owner.delete(`/api/staff/${member}/time-off/${off.json().id}`)).statusCode).toBe(204);
    await expectOffered(w, id, date);
  });
});
