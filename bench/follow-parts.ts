// What following one change costs the database, follower by follower (issue 28, decision 0040): books
// 400 times over HTTP with no job runner, so every change waits; follows the first 40 (the tables the
// followers write then have rows, and are analyzed, as autovacuum would); then follows the rest on one
// connection, each change in a transaction, each follower as a statement of its own as the follow
// statement composes them, and reads the backend's CPU (/proc schedstat) around each. µs per change.
// Run: npx tsx bench/follow-parts.ts   (BENCH_DATABASE_URL)
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { RULES } from '../src/contract/rules.js';
import { contact, createBenchDatabase, createShop, httpClient, register, startAppServer, weekdaySlots } from './booking-support.js';

const db = await createBenchDatabase('followparts');
process.env.BENCH_JOB_RUNNER = 'false';
const server = await startAppServer(db.url, 4);
const http = httpClient(server.port, 4);
const pool = new pg.Pool({ connectionString: db.url, max: 1 });
const client = await pool.connect();
const pid = (await client.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
const slots = weekdaySlots();
let booked = 0;
for (let i = 0; i < 10; i++) {
  const shop = await createShop(http, `fp${i}_${process.pid}`);
  const customer = await register(http, `fp${i}_${process.pid}`, 'customer');
  for (const slot of slots.slice(0, 40)) {
    const res = await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, customer.cookie);
    if (res.status === 201) booked++;
  }
}
const ids = (await client.query('select change_id from changes_unfollowed order by change_id')).rows.map((r) => Number(r.change_id));
// As app.ts composes them (decision 0040), each its own statement here so each can be timed.
const horizon = RULES.restaurantHorizonDays;
const parts: Record<string, string> = {
  take: 'select que_follow_change_take($1::bigint), $2::timestamptz',
  offers: 'select que_offer_change_pushes(c), $2::timestamptz from changes c where c.id = $1::bigint',
  queue: 'select que_queue_follow_change(c), $2::timestamptz from changes c where c.id = $1::bigint',
  notices: 'select que_change_notices(c), $2::timestamptz from changes c where c.id = $1::bigint',
  email: 'select que_change_email(c), $2::timestamptz from changes c where c.id = $1::bigint',
  reminders: 'select que_reminders_follow(c.appointment_id, $2::timestamptz) from changes c where c.id = $1::bigint',
  waitlist: `select que_waitlist_follow(c, ${horizon}, $2::timestamptz) from changes c where c.id = $1::bigint`,
  earliest: 'select que_earliest_follow(c), $2::timestamptz from changes c where c.id = $1::bigint',
};
const now = new Date().toISOString();
const per: Record<string, number> = {};
const follow = async (id: number, timed: boolean) => {
  await client.query('begin');
  for (const [name, text] of Object.entries(parts)) {
    const before = cpu();
    await client.query({ name, text, values: [id, now] });
    if (timed) per[name] = (per[name] ?? 0) + cpu() - before;
  }
  const before = cpu();
  await client.query('commit');
  if (timed) per.commit = (per.commit ?? 0) + cpu() - before;
};
for (const id of ids.slice(0, 40)) await follow(id, false);
await client.query('analyze');
for (const id of ids.slice(40)) await follow(id, true);
const n = ids.length - 40;
const us = Object.fromEntries(Object.entries(per).map(([k, v]) => [k, Math.round((1000 * v) / n)]));
console.log(`booked ${booked}; followed ${n} timed; µs of backend CPU per change:`, us, 'in all', Object.values(us).reduce((a, b) => a + b, 0));
client.release();
http.close();
await pool.end();
await server.stop();
await db.drop();
process.exit(0);
