// Where the one-call booking's database time goes, function by function (issue 28): books N times in
// turn through que_book_returning_events (bench/booking-raw.ts bookOneCall, as booking-throughput's
// one-call path does) on one connection with track_functions = 'pl', then prints pg_stat_user_functions
// for that connection's calls: each SQL function's calls, total time (with what it calls) and self time.
// The app's job runner follows the bookings meanwhile, on connections of its own (not counted).
// Run: npx tsx bench/booking-functions.ts   (BENCH_DATABASE_URL, N: bookings, default 1500)
import pg from 'pg';
import { addDays } from '../src/contract/time.js';
import { businessNow } from '../src/server/features/availability/business-clock.js';
import { bookOneCall } from './booking-raw.js';
import { aroundTheClock, contact, createBenchDatabase, createShop, httpClient, mapLimit, register, round, startAppServer, TIME_ZONE } from './booking-support.js';

const N = Number(process.env.N ?? 1500);
const CUSTOMERS = 32;
const BUSINESSES = 16;

const db = await createBenchDatabase('functions');
const server = await startAppServer(db.url, 8);
const http = httpClient(server.port, 8);
const pool = new pg.Pool({ connectionString: db.url, max: 1 });
try {
  const customers = await mapLimit(Array.from({ length: CUSTOMERS }, (_, i) => i), 4, (i) => register(http, `bf_${process.pid}_${i}`, 'customer'));
  const shops = await mapLimit(Array.from({ length: BUSINESSES }, (_, i) => i), 4, async (i) => {
    const shop = await createShop(http, `bf_${process.pid}_${i}`);
    const hours = await http.request('PUT', `/api/businesses/${shop.businessId}/hours`, aroundTheClock, shop.owner.cookie);
    if (hours.status !== 200) throw new Error(`hours: ${hours.status} ${hours.body}`);
    return shop;
  });
  // Every half hour from 04:00 to 23:00 of the next 29 days, each taken at every business once.
  const today = businessNow(TIME_ZONE).date;
  const slots: { date: string; time: string }[] = [];
  for (let d = 1; d <= 29; d++) for (let m = 4 * 60; m <= 23 * 60; m += 30) slots.push({ date: addDays(today, d), time: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}` });
  if (N > slots.length * BUSINESSES) throw new Error(`N is at most ${slots.length * BUSINESSES}`);

  await pool.query(`set track_functions = 'pl'`);
  await pool.query('select pg_stat_reset()');
  let booked = 0;
  const started = performance.now();
  for (let k = 0; k < N; k++) {
    const shop = shops[k % BUSINESSES];
    const slot = slots[Math.floor(k / BUSINESSES)];
    if (await bookOneCall(pool, { userId: customers[k % CUSTOMERS].id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact })) booked++;
  }
  const ms = performance.now() - started;
  // A backend reports its function counts when idle a second or so (PostgreSQL 15); force it.
  await pool.query('select pg_stat_force_next_flush()');
  await pool.query('select 1');
  const { rows } = await pool.query<{ funcname: string; calls: string; total: number; self: number }>(
    `select funcname, calls, total_time as total, self_time as self from pg_stat_user_functions order by self_time desc`,
  );
  const outer = rows.find((r) => r.funcname === 'que_book_returning_events');
  console.log(`${booked} of ${N} booked in turn on one connection: ${round(ms / N, 2)} ms a booking from node-postgres, ` +
    `${round((outer?.total ?? 0) / N, 2)} ms of it in que_book_returning_events`);
  console.log('function                                  calls  µs a booking (total)  µs a booking (self)');
  for (const r of rows) {
    console.log(`${r.funcname.padEnd(40)} ${String(r.calls).padStart(6)} ${String(Math.round((r.total / N) * 1000)).padStart(21)} ${String(Math.round((r.self / N) * 1000)).padStart(20)}`);
  }
  if (booked !== N) process.exitCode = 1;
} finally {
  await pool.end();
  await server.stop();
  await db.drop();
}
