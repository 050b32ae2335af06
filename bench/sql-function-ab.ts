// A/B of a SQL function file (issue 28): PostgreSQL backend CPU per one-call booking (/proc schedstat
// of one connection's backend), in alternating blocks of 60 bookings, each block with the given file's
// functions created first (A, then B, ten times; the first pair not counted). Each block books a shop
// and a customer of its own, so no block books into another's day.
// Run: npx tsx bench/sql-function-ab.ts <file A> <file B>   (e.g. git show HEAD~1:path > /tmp/a.sql)
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { bookOneCall } from './booking-raw.js';
import { contact, createBenchDatabase, createShop, httpClient, register, startAppServer, weekdaySlots } from './booking-support.js';
const [fileA, fileB] = process.argv.slice(2);
const A = readFileSync(fileA, 'utf8'), B = readFileSync(fileB, 'utf8');
const db = await createBenchDatabase('ab');
const server = await startAppServer(db.url, 4);
const http = httpClient(server.port, 4);
const pool = new pg.Pool({ connectionString: db.url, max: 1 });
const c0 = await pool.connect(); const pid = (await c0.query('select pg_backend_pid() as p')).rows[0].p; c0.release();
const cpu = () => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
const shops = [] as { businessId: number; serviceId: number }[];
const customers = [] as { id: number }[];
for (let i = 0; i < 20; i++) { shops.push(await createShop(http, `ab${i}_${process.pid}`)); customers.push(await register(http, `ab${i}_${process.pid}`, 'customer')); }
const slots = weekdaySlots();
let k = 0;
const res: Record<string, number[]> = { A: [], B: [] };
for (let block = 0; block < 10; block++) {
  for (const [name, text] of [['A', A], ['B', B]] as const) {
    await pool.query(text);
    const shop = shops[k]; const customer = customers[k]; k++;
    const before = cpu(); let n = 0;
    for (const slot of slots.slice(0, 60)) {
      if (await bookOneCall(pool, { userId: customer.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact })) n++;
    }
    if (block > 0) res[name].push((cpu() - before) / n);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log('ms backend CPU per booking, median of blocks: A', med(res.A).toFixed(3), 'B', med(res.B).toFixed(3));
console.log('A', res.A.map((x) => x.toFixed(2)).join(' ')); console.log('B', res.B.map((x) => x.toFixed(2)).join(' '));
http.close(); await pool.end(); await server.stop(); await db.drop(); process.exit(0);
