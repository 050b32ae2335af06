// DESIGN section 8: booking throughput through the HTTP API must be at least 50% of the same
// transaction issued straight from node-postgres on the same PostgreSQL. N clients book distinct
// slots (no conflicts) as fast as they can; each client has its own business, all share the ledger.
// Run: npx tsx bench/booking-throughput.ts   (BENCH_DATABASE_URL, BENCH_CLIENTS, BENCH_BOOKINGS)
import pg from 'pg';
import { bookAppointment } from '../src/server/features/appointments/book-appointment.js';
import { openDatabase } from '../src/server/db/client.js';
import { bookOneCall, bookRaw } from './booking-raw.js';
import {
  type Account,
  contact,
  createBenchDatabase,
  createShop,
  httpClient,
  mapLimit,
  percentile,
  register,
  round,
  startAppServer,
  weekdaySlots,
} from './booking-support.js';

const CLIENTS = Math.max(1, Math.min(Number(process.env.BENCH_CLIENTS ?? 16), 64));
const slots = weekdaySlots();
const WARMUP = 10;
const PER_CLIENT = Math.min(Math.floor(Math.min(Number(process.env.BENCH_BOOKINGS ?? 2400), 20_000) / CLIENTS), slots.length - WARMUP);
const PHASE_LIMIT_MS = 60_000;

type Shop = Awaited<ReturnType<typeof createShop>>;
type Booker = (customer: Account, shop: Shop, slot: { date: string; time: string }) => Promise<boolean>;

interface Tally {
  bookings: number;
  failures: number;
  seconds: number;
  latencies: number[];
}

const ROUNDS = 3;
const CHUNK = Math.floor(PER_CLIENT / ROUNDS);

async function warmUp(name: string, customers: Account[], shops: Shop[], book: Booker) {
  await Promise.all(
    customers.map(async (c, i) => {
      for (let k = 0; k < WARMUP; k++) if (!(await book(c, shops[i], slots[k]))) throw new Error(`${name}: warm-up booking failed`);
    }),
  );
}

/** One measured round: each client books its own shop's next CHUNK slots one after another. */
async function measure(round: number, customers: Account[], shops: Shop[], book: Booker, into: Tally) {
  const first = WARMUP + round * CHUNK;
  const started = performance.now();
  await Promise.all(
    customers.map(async (c, i) => {
      for (let k = first; k < first + CHUNK && performance.now() - started < PHASE_LIMIT_MS; k++) {
        const t = performance.now();
        if (await book(c, shops[i], slots[k])) into.latencies.push(performance.now() - t);
        else into.failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const bookings = into.latencies.length - into.bookings;
  into.bookings = into.latencies.length;
  into.seconds += seconds;
  return bookings / seconds;
}

function summary(name: string, t: Tally) {
  const perSecond = t.bookings / t.seconds;
  console.log(
    `${name.padEnd(34)} ${String(t.bookings).padStart(6)} bookings in ${round(t.seconds, 2)}s = ${round(perSecond)}/s  ` +
      `p50 ${round(percentile(t.latencies, 50), 2)} ms  p95 ${round(percentile(t.latencies, 95), 2)} ms  failures ${t.failures}`,
  );
  return perSecond;
}

const db = await createBenchDatabase('throughput');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, CLIENTS);
const pool = new pg.Pool({ connectionString: db.url, max: 20 });
const inProcess = await openDatabase({ kind: 'postgres', url: db.url, poolSize: 20 });
let failed = false;
try {
  console.log(`setting up ${CLIENTS} customers and ${4 * CLIENTS} businesses; ${PER_CLIENT} measured bookings per client and path…`);
  const tag = process.pid;
  const customers = await mapLimit(Array.from({ length: CLIENTS }, (_, i) => i), 4, (i) => register(http, `tp_${tag}_${i}`, 'customer'));
  const shops = await mapLimit(Array.from({ length: 4 * CLIENTS }, (_, i) => i), 4, (i) => createShop(http, `tp_${tag}_${i}`));
  const [rawShops, httpShops, serviceShops, oneCallShops] = [0, 1, 2, 3].map((k) => shops.slice(k * CLIENTS, (k + 1) * CLIENTS));

  const paths: { name: string; shops: Shop[]; book: Booker; tally: Tally }[] = [
    {
      name: 'node-postgres, same transaction',
      shops: rawShops,
      book: (c, shop, slot) => bookRaw(pool, { userId: c.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }),
      tally: { bookings: 0, failures: 0, seconds: 0, latencies: [] },
    },
    {
      name: 'HTTP API (POST /api/appointments)',
      shops: httpShops,
      book: async (c, shop, slot) => {
        const res = await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, c.cookie);
        return res.status === 201;
      },
      tally: { bookings: 0, failures: 0, seconds: 0, latencies: [] },
    },
    {
      name: 'in-process bookAppointment()',
      shops: serviceShops,
      book: async (c, shop, slot) => {
        const user = { id: c.id, username: `tp_${tag}`, email: 'x@example.com', userType: 'customer' as const, businessId: null };
        await bookAppointment(inProcess.db, user, { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact, notes: '', blockOffers: false });
        return true;
      },
      tally: { bookings: 0, failures: 0, seconds: 0, latencies: [] },
    },
    {
      name: 'one call from node-postgres (que_book)',
      shops: oneCallShops,
      book: (c, shop, slot) => bookOneCall(pool, { userId: c.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }),
      tally: { bookings: 0, failures: 0, seconds: 0, latencies: [] },
    },
  ];
  for (const p of paths) await warmUp(p.name, customers, p.shops, p.book);
  // The paths take turns, round by round, so a change in machine load does not favour one of them.
  for (let r = 0; r < ROUNDS; r++) {
    const rates: number[] = [];
    for (const p of paths) rates.push(await measure(r, customers, p.shops, p.book, p.tally));
    console.log(`round ${r + 1}: ${paths.map((p, i) => `${p.name.split(' ')[0]} ${round(rates[i])}/s`).join('  ')}  HTTP/raw ${round((rates[1] / rates[0]) * 100)}%`);
  }
  const [raw, api, service, oneCall] = paths.map((p) => ({ perSecond: summary(p.name, p.tally), failures: p.tally.failures }));
  const ratio = api.perSecond / raw.perSecond;
  console.log(`HTTP API / node-postgres = ${round(ratio * 100)}% (target >= 50%); in-process service / node-postgres = ${round((service.perSecond / raw.perSecond) * 100)}%`);
  console.log(`HTTP API / one call from node-postgres = ${round((api.perSecond / oneCall.perSecond) * 100)}% (target >= 50%); one call / node-postgres transaction = ${round((oneCall.perSecond / raw.perSecond) * 100)}%`);
  failed = raw.failures + api.failures + service.failures + oneCall.failures > 0;
  const check = await pool.query(`select asset, sum(credits_posted - debits_posted)::bigint as total from ledger_accounts group by asset`);
  console.log(`ledger totals per asset (must be 0): ${check.rows.map((r) => `${r.asset}=${r.total}`).join(', ')}`);
  failed ||= check.rows.some((r) => Number(r.total) !== 0);
  if (ratio < 0.5) console.log('below the 50% target');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  http.close();
  await pool.end();
  await inProcess.close();
  await server.stop();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
