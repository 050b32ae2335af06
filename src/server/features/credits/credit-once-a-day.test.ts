import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeVisit, createTestApp, queryRows, signUp, type TestContext } from '../../test/test-app.js';
import { reportIfStalled } from '../../test/stall-report.js';
import { book, type Client, restaurant, serviceBusiness, upcomingDay, upcomingWeekday } from '../appointments/test-fixtures.js';
import { assetTotals } from '../ledger/test-ledger.js';

// Issue 17 (DESIGN section 5): booking credit is earned at most once per customer, business and day.
// The probe booked 20 visits at one service business on one day for $20 of pending credit, and
// minted spendable credit by completing free restaurant tables at once.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const credits = async (c: Client) => (await c.get(`/api/credits/${c.user.id}`)).json() as { credits: string; pending: string };
const history = async (c: Client) =>
  ((await c.get(`/api/credits/${c.user.id}/transactions`)).json() as { transactionType: string; amount: string; status: string }[]).map((t) => [
    t.transactionType,
    t.amount,
    t.status,
  ]);

describe('booking credit: once per customer, business and day', () => {
  it('ten visits at one business on one day earn $1.00, not $10; another day or business earns again', async () => {
    const shop = await serviceBusiness(ctx.app, { duration: 15 });
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(3);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const time = `${String(9 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
      const res = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect(await credits(customer)).toEqual(expect.objectContaining({ credits: '0.00', pending: '1.00' }));
    // completing all ten (each on the day, from an hour before it) makes $1.00 spendable, no more
    for (const id of ids) expect((await completeVisit(shop.owner, id)).statusCode).toBe(200);
    expect(await credits(customer)).toEqual(expect.objectContaining({ credits: '1.00', pending: '0.00' }));
    expect(await history(customer)).toEqual([['earned_booking', '1.00', 'posted']]);

    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: upcomingWeekday(3, 1), time: '10:00' })).statusCode).toBe(201);
    const other = await serviceBusiness(ctx.app);
    expect((await book(customer, { businessId: other.businessId, serviceId: other.serviceId, date, time: '10:00' })).statusCode).toBe(201);
    expect(await credits(customer)).toEqual(expect.objectContaining({ credits: '1.00', pending: '2.00' }));
  });

  it('a day whose credit was voided (its booking cancelled) earns again with the next booking', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const date = upcomingWeekday(3);
    const first = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '09:00' });
    const second = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '10:00' });
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '1.00' }));
    // cancelling the one that earned voids it; the other did not earn, so nothing is pending
    expect((await customer.patch(`/api/appointments/${first.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '0.00' }));
    expect((await customer.patch(`/api/appointments/${second.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time: '11:00' })).statusCode).toBe(201);
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '1.00' }));
    expect(await history(customer)).toEqual([
      ['earned_booking', '1.00', 'pending'],
      ['earned_booking', '0.00', 'voided'],
    ]);
  });

  it('moving a booking onto a day that already earns voids its own credit', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const [day1, day2] = [upcomingWeekday(3), upcomingWeekday(3, 1)];
    await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: day1, time: '09:00' });
    const moving = await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: day2, time: '09:00' });
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '2.00' }));
    // within its own day it keeps its credit
    expect((await customer.patch(`/api/appointments/${moving.json().id}`, { date: day2, time: '11:00' })).statusCode).toBe(200);
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '2.00' }));
    expect((await customer.patch(`/api/appointments/${moving.json().id}`, { date: day1, time: '11:00' })).statusCode).toBe(200);
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '1.00' }));
    // and a booking then made on the day it left earns that day's credit
    expect((await book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date: day2, time: '09:00' })).statusCode).toBe(201);
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '2.00' }));
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('parallel bookings of one customer at one business on one day (PostgreSQL)', () => {
  it('earn exactly once, 30 runs of 4 bookings at once', async () => {
    const RUNS = 30;
    let bookings = 0;
    const earnedPerRun: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const shop = await serviceBusiness(ctx.app);
      const customer = await signUp(ctx.app);
      // every other run the customer's credit accounts exist already (a visit elsewhere): both paths race
      if (run % 2) {
        const elsewhere = await serviceBusiness(ctx.app);
        expect((await book(customer, { businessId: elsewhere.businessId, serviceId: elsewhere.serviceId, date: upcomingWeekday(3), time: '15:00' })).statusCode).toBe(201);
      }
      const date = upcomingWeekday(3);
      const results = await reportIfStalled(
        ctx.database,
        'parallel bookings of one customer',
        Promise.all(['09:00', '10:00', '11:00', '12:00'].map((time) => book(customer, { businessId: shop.businessId, serviceId: shop.serviceId, date, time }))),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      bookings += results.length;
      const [earned] = await queryRows<{ n: number }>(
        ctx.database,
        `select count(*)::int as n from ledger_transfers where code = 'earned_booking' and appointment_id in (select id from appointments where business_id = ${shop.businessId})`,
      );
      earnedPerRun.push(earned.n);
      const [wallet] = await queryRows<{ pending: number }>(
        ctx.database,
        `select credits_pending::int as pending from ledger_accounts where kind = 'user_credit' and user_id = ${customer.user.id}`,
      );
      expect(wallet.pending).toBe(run % 2 ? 200 : 100);
    }
    console.log(`credit race: ${RUNS} runs, ${bookings} bookings (4 at once per run), credits earned per run: ${[...new Set(earnedPerRun)].join(', ')}`);
    expect(earnedPerRun).toEqual(Array.from({ length: RUNS }, () => 1));
    expect((await assetTotals(ctx.database.db)).CREDIT).toEqual({ posted: 0, pending: 0 });
  }, 240_000);

  it('decides under the customer’s credit-account locks: a booking that waited for them finds the first one’s credit', async () => {
    const shop = await serviceBusiness(ctx.app);
    const customer = await signUp(ctx.app);
    const elsewhere = await serviceBusiness(ctx.app);
    const date = upcomingWeekday(3);
    // the customer's credit accounts exist (a visit elsewhere), so the second booking waits on their row locks
    expect((await book(customer, { businessId: elsewhere.businessId, serviceId: elsewhere.serviceId, date, time: '15:00' })).statusCode).toBe(201);
    const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
    const [first, second] = [await pool.connect(), await pool.connect()];
    const booking = (time: string) => [customer.user.id, shop.businessId, shop.serviceId, date, time, null, '', false, 'Pat Doe', 'pat@example.com', '555-0100', null, null, null, 365, null, null];
    const BOOK = 'select que_book_returning_events($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, null::int)';
    try {
      // Bookings at one business also take turns on its earliest-slot rows (a trigger's row lock), which
      // would order these two before they reach the ledger: triggers off here, so only the ledger's locks do.
      for (const client of [first, second]) await client.query('set session_replication_role = replica');
      await first.query('begin');
      await first.query(BOOK, booking('09:00'));
      let waited = true;
      const secondPid = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      const later = second.query(BOOK, booking('10:00')).finally(() => (waited = false));
      // The second booking is seen waiting for a lock (not merely still running after a fixed 300 ms).
      const waitingFor = async () => (await first.query<{ w: string | null }>('select wait_event_type as w from pg_stat_activity where pid = $1', [secondPid])).rows[0]?.w;
      await expect.poll(async () => (waited ? await waitingFor() : 'finished'), { timeout: 10_000 }).toBe('Lock');
      await first.query('commit');
      await later;
    } finally {
      for (const client of [first, second]) {
        await client.query('reset session_replication_role').catch(() => {});
        client.release();
      }
    }
    const [earned] = await queryRows<{ n: number }>(
      ctx.database,
      `select count(*)::int as n from ledger_transfers where code = 'earned_booking' and appointment_id in (select id from appointments where business_id = ${shop.businessId})`,
    );
    expect(earned.n).toBe(1);
    expect(await credits(customer)).toEqual(expect.objectContaining({ pending: '2.00' }));
    expect((await assetTotals(ctx.database.db)).CREDIT).toEqual({ posted: 0, pending: 0 });
  });
});

describe('the probe’s restaurant minting', () => {
  it('free tables completed at once: an owner earns nothing at their own restaurant, a guest $1.00 a day', async () => {
    const bistro = await restaurant(ctx.app, { seatingCapacity: 40, maxPartySize: 8 });
    const guest = await signUp(ctx.app);
    for (const [i, date] of [upcomingDay(3), upcomingDay(4)].entries()) {
      const own = await book(bistro.owner, { businessId: bistro.businessId, date, time: '17:00', partySize: 2 });
      expect(own.statusCode, own.body).toBe(201);
      expect((await completeVisit(bistro.owner, own.json().id)).statusCode).toBe(200);
      const table = await book(guest, { businessId: bistro.businessId, date, time: '19:00', partySize: 2 });
      expect(table.statusCode, table.body).toBe(201);
      expect((await completeVisit(bistro.owner, table.json().id)).statusCode).toBe(200);
      expect(await credits(guest)).toEqual(expect.objectContaining({ credits: `${i + 1}.00`, pending: '0.00' }));
    }
    const ownCredit = (await bistro.owner.get(`/api/credits/${bistro.owner.user.id}`)).json();
    expect(ownCredit).toEqual(expect.objectContaining({ credits: '0.00', pending: '0.00' }));
  });
});
