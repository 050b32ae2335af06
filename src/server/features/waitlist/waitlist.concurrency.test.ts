import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { book, type Client, serviceBusiness, upcomingWeekday } from '../appointments/test-fixtures.js';

// Real parallel work against PostgreSQL: a hold is claimed or lapses, never both; two claims of one
// hold give one booking; a booking racing the hold of a freed slot leaves one of them on it.

let ctx: TestContext;
const onPostgres = process.env.TEST_DB === 'postgres';
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestApp({ PAYMENT_WORKER: false, OFFER_SWEEPS: false });
}, 120_000);
afterAll(() => ctx?.close());

interface Entry { id: number; status: string; offer: { appointmentId: number; expiresAt: string } | null }

/** A full 09:00-10:00, a waiter on it, and the 09:00 visit cancelled: the waiter holds 09:00. */
async function heldSlot() {
  const shop = await serviceBusiness(ctx.app);
  const date = upcomingWeekday(2);
  const [a, b, waiter] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
  const first = (await book(a, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' })).json().id as number;
  expect((await book(b, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:30' })).statusCode).toBe(201);
  const joined = await waiter.post('/api/waitlist', { businessId: shop.businessId, serviceId: shop.serviceId, date, fromTime: '09:00', toTime: '10:00' });
  expect(joined.statusCode, joined.body).toBe(201);
  expect((await a.patch(`/api/appointments/${first}`, { status: 'cancelled' })).statusCode).toBe(200);
  const entry = ((await waiter.get('/api/waitlist')).json() as Entry[])[0];
  expect(entry.status).toBe('offered');
  return { ...shop, date, waiter, entry, appointmentId: entry.offer!.appointmentId };
}

const state = async (entryId: number, appointmentId: number) => {
  const [row] = await queryRows<{ entry: string; appointment: string }>(ctx.database,
    `select e.status as entry, a.status as appointment from waitlist_entries e join appointments a on a.id = ${appointmentId} where e.id = ${entryId}`);
  return row;
};

describe.runIf(onPostgres)('waitlist races on PostgreSQL', () => {
  it('two claims of one hold: one booking, one 409', async () => {
    for (let round = 0; round < 3; round++) {
      const h = await heldSlot();
      const answers = await Promise.all([h.waiter.post(`/api/waitlist/${h.entry.id}/claim`), h.waiter.post(`/api/waitlist/${h.entry.id}/claim`)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await state(h.entry.id, h.appointmentId)).toEqual({ entry: 'claimed', appointment: 'confirmed' });
    }
  });

  it('a claim against the lapse: exactly one of them happens', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const h = await heldSlot();
      const before = new Date(new Date(h.entry.offer!.expiresAt).getTime() - 1000).toISOString();
      const after = new Date(new Date(h.entry.offer!.expiresAt).getTime() + 1000).toISOString();
      const settled = await Promise.allSettled([
        queryRows(ctx.database, `select que_waitlist_claim(${h.waiter.user.id}, ${h.entry.id}, '${before}')`),
        queryRows(ctx.database, `select que_waitlist_hold_lapse(${h.appointmentId}, '${after}')`),
      ]);
      const s = await state(h.entry.id, h.appointmentId);
      if (settled[0].status === 'fulfilled') expect(s).toEqual({ entry: 'claimed', appointment: 'confirmed' });
      else expect(s).toEqual({ entry: 'expired', appointment: 'cancelled' });
      // the lapse itself never fails: it finds the entry claimed or lapses it
      expect(settled[1].status).toBe('fulfilled');
      outcomes.add(s.entry);
    }
    expect([...outcomes].every((o) => o === 'claimed' || o === 'expired')).toBe(true);
  });

  it('bookings racing the hold of a freed slot: never two on it', async () => {
    for (let round = 0; round < 3; round++) {
      const shop = await serviceBusiness(ctx.app);
      const date = upcomingWeekday(2);
      const [a, b, waiter] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
      const first = (await book(a, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' })).json().id as number;
      await book(b, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:30' });
      await waiter.post('/api/waitlist', { businessId: shop.businessId, serviceId: shop.serviceId, date, fromTime: '09:00', toTime: '09:30' });
      const others: Client[] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
      await a.patch(`/api/appointments/${first}`, { status: 'cancelled' });
      const answers = await Promise.all(others.map((c) => book(c, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' })));
      await waiter.get('/api/waitlist');
      const [{ n }] = await queryRows<{ n: number }>(ctx.database,
        `select count(*)::int as n from appointments where business_id = ${shop.businessId} and starts_at = '${date} 09:00' and occupies`);
      expect(n).toBe(1);
      expect(answers.filter((r) => r.statusCode === 201).length).toBeLessThanOrEqual(1);
    }
  });
});
