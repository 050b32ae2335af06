import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { reportIfStalled } from '../../test/stall-report.js';
import { grantCredit } from '../offers/test-fixtures.js';
import { book, serviceBusiness, upcomingWeekday } from './test-fixtures.js';

// Buffers (DESIGN section 9, decision 21): a service's bufferBeforeMinutes/bufferAfterMinutes block
// the business around each of its visits. A start is offered, and booked, only when its blocked
// period (start − before, end + after) overlaps no booked appointment's blocked period; the overlap
// constraint appointments_no_overlap covers the blocked period, so it is the arbiter under races.
// The customer's own one-place-at-a-time rule is over visits only.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Shop = Awaited<ReturnType<typeof serviceBusiness>>;

/** A Mon-Fri 09:00-17:00 shop whose 30-minute service has the buffers given and starts every 15 minutes. */
async function bufferedShop(buffers: { bufferBeforeMinutes?: number; bufferAfterMinutes?: number }): Promise<Shop> {
  const shop = await serviceBusiness(ctx.app);
  const res = await shop.owner.put(`/api/services/${shop.serviceId}`, { name: 'Checkup', duration: 30, price: '40.00', policies: { slotIntervalMinutes: 15, ...buffers } });
  expect(res.statusCode, res.body).toBe(200);
  return shop;
}

const slots = async (shop: { businessId: number }, serviceId: number, date: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/available-slots?businessId=${shop.businessId}&serviceId=${serviceId}&date=${date}` })).json() as string[];

describe('buffers in the service policies', () => {
  it('stores a service’s buffers, shows them, takes them back with null, validates them; a business cannot set them', async () => {
    const shop = await serviceBusiness(ctx.app);
    const base = { name: 'Checkup', duration: 30, price: '40.00' };
    const set = await shop.owner.put(`/api/services/${shop.serviceId}`, { ...base, policies: { bufferBeforeMinutes: 10, bufferAfterMinutes: 15 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().policies).toEqual({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/businesses/${shop.businessId}/services` })).json() as { id: number; policies: unknown }[];
    expect(listed.find((s) => s.id === shop.serviceId)?.policies).toEqual({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    const cleared = await shop.owner.put(`/api/services/${shop.serviceId}`, { ...base, policies: { bufferBeforeMinutes: null } });
    expect(cleared.json().policies).toEqual({ bufferAfterMinutes: 15 });
    for (const policies of [{ bufferAfterMinutes: -5 }, { bufferBeforeMinutes: 241 }, { bufferAfterMinutes: 2.5 }]) {
      const bad = await shop.owner.put(`/api/services/${shop.serviceId}`, { ...base, policies });
      expect(bad.statusCode, JSON.stringify(policies)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION');
    }
    const onBusiness = await shop.owner.patch(`/api/businesses/${shop.businessId}`, { policies: { bufferAfterMinutes: 15 } });
    expect(onBusiness.statusCode).toBe(400);
  });
});

describe('slots and bookings with buffers', () => {
  it('a buffer after: 10:00 booked, 10:30 is neither offered nor bookable, 10:45 is both; 09:30 (its buffer would reach 10:00) is not offered', async () => {
    const shop = await bufferedShop({ bufferAfterMinutes: 15 });
    const date = upcomingWeekday();
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    const free = await slots(shop, shop.serviceId, date);
    expect(free).not.toContain('10:30');
    expect(free).not.toContain('09:30');
    expect(free).toContain('09:15');
    expect(free).toContain('10:45');
    const refused = await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:30' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_TAKEN');
    expect((await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:45' })).statusCode).toBe(201);
    const [row] = await queryRows<{ blocked_starts_at: string; blocked_ends_at: string }>(ctx.database,
      `select blocked_starts_at::text, blocked_ends_at::text from appointments where business_id = ${shop.businessId} and starts_at = '${date} 10:00'`);
    expect(row).toEqual({ blocked_starts_at: `${date} 10:00:00`, blocked_ends_at: `${date} 10:45:00` });
  });

  it('a buffer before: 10:00 booked blocks 09:45 on, so 10:30 is neither offered nor bookable and 10:45 is both', async () => {
    const shop = await bufferedShop({ bufferBeforeMinutes: 15 });
    const date = upcomingWeekday();
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    const free = await slots(shop, shop.serviceId, date);
    expect(free).not.toContain('10:30');
    expect(free).not.toContain('09:30');
    expect(free).toContain('09:15');
    expect(free).toContain('10:45');
    expect((await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:30' })).statusCode).toBe(409);
    expect((await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:45' })).statusCode).toBe(201);
  });

  it('another service of the business without buffers keeps out of a buffered visit’s blocked period; rescheduling into it is refused', async () => {
    const shop = await bufferedShop({ bufferAfterMinutes: 15 });
    const plain = await shop.owner.post(`/api/businesses/${shop.businessId}/services`, { name: 'Quick look', duration: 30, price: '10.00', policies: { slotIntervalMinutes: 15 } });
    expect(plain.statusCode, plain.body).toBe(201);
    const plainId = plain.json().id as number;
    const date = upcomingWeekday();
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    const free = await slots(shop, plainId, date);
    expect(free).not.toContain('10:30');
    expect(free).toContain('09:30');
    expect(free).toContain('10:45');
    expect((await book(second, { businessId: shop.businessId, serviceId: plainId, date, time: '10:30' })).statusCode).toBe(409);
    const later = await book(second, { businessId: shop.businessId, serviceId: plainId, date, time: '12:00' });
    expect(later.statusCode).toBe(201);
    expect((await second.patch(`/api/appointments/${later.json().id}`, { date, time: '10:30' })).statusCode).toBe(409);
    expect((await second.patch(`/api/appointments/${later.json().id}`, { date, time: '10:45' })).statusCode).toBe(200);
  });

  it('the overlap constraint covers the blocked period: a row moved into another’s buffer around the functions is refused', async () => {
    const shop = await bufferedShop({ bufferAfterMinutes: 15 });
    const date = upcomingWeekday();
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    const other = await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '12:00' });
    expect(other.statusCode).toBe(201);
    const move = (time: string, end: string) =>
      queryRows(ctx.database, `update appointments set starts_at = '${date} ${time}', ends_at = '${date} ${end}' where id = ${other.json().id}`);
    // 23P01: exclusion_violation (drizzle wraps the driver's error as its cause).
    await expect(move('10:30', '11:00')).rejects.toMatchObject({ cause: { code: '23P01', constraint: 'appointments_no_overlap' } });
    await move('10:45', '11:15');
  });

  it('a booked row keeps the buffers it was written with when the owner changes them; a move takes the service’s buffers then', async () => {
    const shop = await bufferedShop({ bufferAfterMinutes: 15 });
    const date = upcomingWeekday();
    const [first, second, third] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    const booked = await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(booked.statusCode).toBe(201);
    const put = await shop.owner.put(`/api/services/${shop.serviceId}`, { name: 'Checkup', duration: 30, price: '40.00', policies: { bufferAfterMinutes: null } });
    expect(put.json().policies).toEqual({ slotIntervalMinutes: 15 });
    const free = await slots(shop, shop.serviceId, date);
    expect(free).not.toContain('10:30');
    expect(free).toContain('10:45');
    expect((await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:30' })).statusCode).toBe(409);
    // Moved, the 10:00 visit blocks without a buffer now: 14:30 right after it is free.
    expect((await first.patch(`/api/appointments/${booked.json().id}`, { date, time: '14:00' })).statusCode).toBe(200);
    expect(await slots(shop, shop.serviceId, date)).toContain('14:30');
    expect((await book(third, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '14:30' })).statusCode).toBe(201);
  });

  it('a swap fits only when each side’s blocked period fits where it lands, and the moved rows block with their buffers', async () => {
    const shop = await bufferedShop({ bufferAfterMinutes: 15 });
    const plain = await shop.owner.post(`/api/businesses/${shop.businessId}/services`, { name: 'Quick look', duration: 30, price: '10.00', policies: { slotIntervalMinutes: 15 } });
    const plainId = plain.json().id as number;
    const date = upcomingWeekday();
    const [payer, payee, third] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    await grantCredit(ctx.database, payer.user.id, 2000);
    // The payee's buffered 10:00 blocks to 10:45; the payer's plain 10:45-11:15; a third plain 11:15.
    const earlier = await book(payee, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    const later = await book(payer, { businessId: shop.businessId, serviceId: plainId, date, time: '10:45' });
    const after = await book(third, { businessId: shop.businessId, serviceId: plainId, date, time: '11:15' });
    expect([earlier.statusCode, later.statusCode, after.statusCode]).toEqual([201, 201, 201]);
    const offer = () => payer.post('/api/queue-jump-offers', {
      fromAppointmentId: later.json().id, toAppointmentId: earlier.json().id, offerAmount: 10, offerType: 'queue_jump', paymentMethod: 'credits',
    });
    // At 10:45 the buffered visit would block to 11:30, into the 11:15 booking: no such swap.
    expect((await offer()).statusCode).toBe(409);
    expect((await third.patch(`/api/appointments/${after.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    const made = await offer();
    expect(made.statusCode, made.body).toBe(201);
    const accepted = await payee.post(`/api/queue-jump-offers/${made.json().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await queryRows<{ blocked_starts_at: string; blocked_ends_at: string }>(ctx.database,
      `select blocked_starts_at::text, blocked_ends_at::text from appointments where id = ${earlier.json().id}`);
    expect(row).toEqual({ blocked_starts_at: `${date} 10:45:00`, blocked_ends_at: `${date} 11:30:00` });
    const free = await slots(shop, plainId, date);
    expect(free).not.toContain('11:15');
    expect(free).toContain('11:30');
  });

  it('buffers are not part of the customer’s one place at a time: back-to-back visits at two businesses stand', async () => {
    const shop = await bufferedShop({ bufferAfterMinutes: 15, bufferBeforeMinutes: 15 });
    const other = await bufferedShop({ bufferBeforeMinutes: 15 });
    const date = upcomingWeekday();
    const customer = await signUp(ctx.app);
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    expect((await book(customer, { businessId: other.businessId, serviceId: other.serviceId, date, time: '10:30' })).statusCode).toBe(201);
  });

  it('without buffers nothing changes: the next start right after a visit is offered and booked', async () => {
    const shop = await bufferedShop({});
    const date = upcomingWeekday();
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    expect((await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    const free = await slots(shop, shop.serviceId, date);
    expect(free).toContain('09:30');
    expect(free).toContain('10:30');
    expect((await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:30' })).statusCode).toBe(201);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('parallel bookings that only a buffer separates (PostgreSQL)', () => {
  it('10:00 and 10:30 of a service with a 15-minute buffer after, booked at once: exactly one wins, 30 runs', async () => {
    const shop = await bufferedShop({ bufferAfterMinutes: 15 });
    const customers = [];
    for (let i = 0; i < 4; i++) customers.push(await signUp(ctx.app));
    for (let run = 0; run < 30; run++) {
      // A day and time of its own each run (15 weekdays, well inside the 30-day window, morning then
      // afternoon): one run's winner is never in another's way.
      const date = upcomingWeekday(2, run % 15);
      const time = run < 15 ? ['10:00', '10:30'] : ['13:00', '13:30'];
      const results = await reportIfStalled(ctx.database, `buffer race ${run}`, Promise.all(customers.map((c, i) => book(c, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: time[i % 2] }))));
      const codes = results.map((r) => (r.statusCode === 201 ? 201 : `${r.statusCode} ${r.json().code}`)).sort();
      expect(codes, `run ${run}`).toEqual([201, '409 SLOT_TAKEN', '409 SLOT_TAKEN', '409 SLOT_TAKEN']);
    }
    const overlaps = await queryRows(ctx.database, `
      select a.id, b.id from appointments a join appointments b on a.business_id = b.business_id and a.id < b.id
        and tsrange(a.blocked_starts_at, a.blocked_ends_at, '[)') && tsrange(b.blocked_starts_at, b.blocked_ends_at, '[)')
       where a.business_id = ${shop.businessId} and a.status = 'confirmed' and b.status = 'confirmed'`);
    expect(overlaps).toEqual([]);
  }, 120_000);

  it('the constraint alone (no business lock): two rows moved at once to 10:00 and 10:30, only a buffer apart: exactly one stands, 30 runs', async () => {
    // A shop for each 15 runs, a weekday for each run: one run's rows are never in another's way.
    const shops = [await bufferedShop({ bufferAfterMinutes: 15 }), await bufferedShop({ bufferAfterMinutes: 15 })];
    const [first, second] = [await signUp(ctx.app), await signUp(ctx.app)];
    for (let run = 0; run < 30; run++) {
      const shop = shops[Math.floor(run / 15)];
      const date = upcomingWeekday(2, run % 15);
      const [from, to] = run < 15 ? [['12:00', '14:00'], ['10:00', '10:30']] : [['15:00', '16:00'], ['09:00', '09:30']];
      const a = await book(first, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: from[0] });
      const b = await book(second, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: from[1] });
      expect([a.statusCode, b.statusCode], `run ${run}`).toEqual([201, 201]);
      // Straight to the table, each on a connection of its own: only appointments_no_overlap decides.
      const move = (id: number, time: string) =>
        queryRows(ctx.database, `update appointments set starts_at = '${date} ${time}', ends_at = '${date} ${time}'::timestamp + interval '30 minutes' where id = ${id}`);
      const results = await Promise.allSettled([move(a.json().id, to[0]), move(b.json().id, to[1])]);
      expect(results.filter((r) => r.status === 'fulfilled'), `run ${run}`).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      // Refused by the overlap constraint, or (about once in 30 runs) as a deadlock victim: each
      // update's trigger also marks the service's cached earliest start stale (the same row for both),
      // while the constraint makes each wait for the other's uncommitted row. Either way one stands,
      // and the app's writers take the business lock first and retry a deadlock.
      const code = (refused.reason as { cause?: { code?: string } }).cause?.code;
      expect(['23P01', '40P01'], `run ${run}: ${String(refused.reason)}`).toContain(code);
      if (code === '23P01') expect(refused.reason, `run ${run}`).toMatchObject({ cause: { constraint: 'appointments_no_overlap' } });
      const moved = await queryRows<{ n: number }>(ctx.database, `select count(*)::int as n from appointments where id in (${a.json().id}, ${b.json().id}) and starts_at::date = '${date}' and to_char(starts_at, 'HH24:MI') in ('${to[0]}', '${to[1]}')`);
      expect(moved[0].n, `run ${run}`).toBe(1);
    }
  }, 120_000);
});
