// What concurrent bookings wait on: 16 clients book through que_book_returning_events (as
// bench/booking-throughput.ts's one-call path) while a monitor samples pg_stat_activity every 5 ms;
// prints the rate and the most frequent (wait event, statement) pairs. Issue 28 found with it that
// the booking's job NOTIFY serialised commits (Lock:object, PostgreSQL's notify lock).
// Run: npx tsx bench/booking-waits.ts   (BENCH_DATABASE_URL)
import pg from 'pg';
import { bookOneCall } from './booking-raw.js';
import { contact, createBenchDatabase, createShop, httpClient, mapLimit, register, round, startAppServer, weekdaySlots } from './booking-support.js';
const C = 16;
const db = await createBenchDatabase('waitexp');
const server = await startAppServer(db.url, 4);
const http = httpClient(server.port, 4);
const pool = new pg.Pool({ connectionString: db.url, max: 20 });
const mon = new pg.Client({ connectionString: db.url }); await mon.connect();
const customers = await mapLimit(Array.from({ length: C }, (_, i) => i), 4, (i) => register(http, `wx_${process.pid}_${i}`, 'customer'));
const shops = await mapLimit(Array.from({ length: C }, (_, i) => i), 4, (i) => createShop(http, `wx_${process.pid}_${i}`));
const slots = weekdaySlots();
const counts = new Map<string, number>();
let going = true;
const sampler = (async () => { while (going) { const r = await mon.query(`select coalesce(wait_event_type,'CPU')||':'||coalesce(wait_event,'') w, state, left(query,40) q from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`); for (const x of r.rows) { const k = `${x.w} ${x.state} ${x.q}`; counts.set(k, (counts.get(k) ?? 0) + 1); } await new Promise((r) => setTimeout(r, 5)); } })();
const t = performance.now();
await Promise.all(customers.map(async (c, i) => { for (let s = 0; s < 60; s++) await bookOneCall(pool, { userId: c.id, businessId: shops[i].businessId, serviceId: shops[i].serviceId, ...slots[s], ...contact }); }));
console.log('rate', round((C * 60) / ((performance.now() - t) / 1000)));
going = false; await sampler;
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(v, k);
await mon.end(); http.close(); await pool.end(); await server.stop(); await db.drop(); process.exit(0);
