// Where one booking's database time goes: books BENCH_PROFILE_BOOKINGS slots one after another
// through que_book_returning_events on one connection with track_functions = 'all' (set for that
// database, the job runner's sessions too), then prints each SQL function's calls, total and self
// time per booking (the follow-up jobs' functions included), and the same bookings' wall time. Issue 28: which trigger or function to take off the booking's path.
// Run: npx tsx bench/booking-profile.ts   (BENCH_DATABASE_URL, BENCH_PROFILE_BOOKINGS)
import pg from 'pg';
import { bookOneCall } from './booking-raw.js';
import { contact, createBenchDatabase, createShop, httpClient, register, round, startAppServer, weekdaySlots } from './booking-support.js';

const BOOKINGS = Math.max(10, Number(process.env.BENCH_PROFILE_BOOKINGS ?? 200));
const db = await createBenchDatabase('profile');
// Every session of this database tracks its functions, the app's job runner's too (the follow-ups).
const admin = new pg.Client({ connectionString: db.url });
await admin.connect();
await admin.query(`alter database ${new URL(db.url).pathname.slice(1)} set track_functions = 'all'`);
await admin.end();
const server = await startAppServer(db.url, 4);
const http = httpClient(server.port, 4);
const pool = new pg.Pool({ connectionString: db.url, max: 1 });
try {
  const customer = await register(http, `prof_${process.pid}`, 'customer');
  const shop = await createShop(http, `prof_${process.pid}`);
  const slots = weekdaySlots();
  // warm the connection's plans before measuring
  for (const slot of slots.slice(0, 10)) await bookOneCall(pool, { userId: customer.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact });
  await pool.query('select pg_stat_reset()');
  const measured = slots.slice(10, 10 + BOOKINGS);
  const started = performance.now();
  for (const slot of measured) {
    if (!(await bookOneCall(pool, { userId: customer.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }))) throw new Error('booking refused');
  }
  const wall = (performance.now() - started) / measured.length;
  // The follow-ups (decision 0029) run in the app's job runner: wait until every change was followed.
  for (;;) {
    const { rows } = await pool.query(`select count(*)::int as n from changes_unfollowed`);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const drained = (performance.now() - started) / measured.length;
  await pool.query(`select pg_stat_force_next_flush()`).catch(() => {});
  await pool.query('select 1');
  const stats = await pool.query(`select funcname, calls, total_time, self_time from pg_stat_user_functions order by self_time desc`);
  console.log(`${measured.length} bookings, one connection: ${round(wall, 2)} ms wall each; ${round(drained, 2)} ms each until their follow-ups were done`);
  console.log('function'.padEnd(40), 'calls/b', 'total ms/b', 'self ms/b');
  for (const r of stats.rows) {
    console.log(String(r.funcname).padEnd(40), String(round(Number(r.calls) / measured.length, 2)).padStart(7), String(round(r.total_time / measured.length, 3)).padStart(10), String(round(r.self_time / measured.length, 3)).padStart(9));
  }
} finally {
  http.close();
  await pool.end();
  await server.stop();
  await db.drop();
}
process.exit(0);
