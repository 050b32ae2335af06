// DESIGN section 8 / issue 10: booking over HTTP ≥ 0.35 × the minimal booking straight from
// node-postgres (bench/booking-minimal.ts) and ≥ 0.5 × the project's own one-call booking issued
// straight from node-postgres (bench/booking-raw.ts bookOneCall: que_book_returning_events, then its live events published, without Fastify,
// zod, sessions or Drizzle); the ten-round-trip transaction (bookRaw) runs alongside for reference.
// N clients book distinct slots as fast as they can, each path at shops of its own; the paths take
// turns round by round and each ratio is taken within a round. A booking's follow-ups (notices,
// e-mail, the earliest cache: decision 0029) run after it, in the app's job runner: after each round
// the bench waits until every change was followed, so no path's follow-ups run in another's round,
// and a third figure counts that wait in the HTTP and minimal rates (bookings with their follow-ups).
// Run: npx tsx bench/booking-throughput.ts   (BENCH_DATABASE_URL, BENCH_CLIENTS, BENCH_ROUNDS, BENCH_JOB_PROCESS)
import pg from 'pg';
import { addMinimalBusinesses, bookMinimal, createMinimalTables } from './booking-minimal.js';
import { bookOneCall, bookRaw } from './booking-raw.js';
import { type Account, contact, createBenchDatabase, createShop, httpClient, mapLimit, percentile, register, round, startAppServer, weekdaySlots } from './booking-support.js';
import { alternateRounds, type Figure, ratioFigure, writeResult } from './results.js';

const CLIENTS = Math.max(1, Math.min(Number(process.env.BENCH_CLIENTS ?? 16), 64));
const ROUNDS = Math.max(2, Math.min(Number(process.env.BENCH_ROUNDS ?? 6), 12));
const slots = weekdaySlots();
const WARMUP = 10;
const CHUNK = Math.floor((slots.length - WARMUP) / ROUNDS);

type Shop = Awaited<ReturnType<typeof createShop>>;
type Booker = (customer: Account, shop: Shop, slot: { date: string; time: string }) => Promise<boolean>;
interface Path {
  name: string;
  shops: Shop[];
  book: Booker;
  latencies: number[];
  failures: number;
  /** Per round: ms from the round's last booking until every change it recorded was followed. */
  followLag: number[];
  /** Per round: bookings per second counting that wait (the bookings and their follow-ups). */
  sustained: number[];
}

/**
 * Waits until every recorded change has been followed by its job (decision 0029: notices, e-mail,
 * the earliest cache follow a booking in the app's job runner): ms from the call. So one path's
 * follow-ups are not run during the next path's round; the time is reported beside the rates.
 */
async function followUpsDone(): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await pool.query(`select exists (select 1 from changes c where not exists (select 1 from changes_followed f where f.change_id = c.id)) as waiting`);
    if (!rows[0].waiting) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One round: each client books its own shop's next CHUNK slots one after another; bookings per second. */
async function measure(p: Path, r: number, customers: Account[]) {
  const first = WARMUP + r * CHUNK;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    customers.map(async (c, i) => {
      for (let k = first; k < first + CHUNK; k++) {
        const t = performance.now();
        if (await p.book(c, p.shops[i], slots[k])) {
          p.latencies.push(performance.now() - t);
          done++;
        } else p.failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const lag = await followUpsDone();
  p.followLag.push(lag);
  p.sustained.push(done / (seconds + lag / 1000));
  return done / seconds;
}

const db = await createBenchDatabase('throughput');
// BENCH_JOB_PROCESS=1: the follow-up jobs run in a process of their own (JOB_RUNNER only there), as a
// deployment may split them; by default the one app process serves requests and runs jobs.
const jobProcess = process.env.BENCH_JOB_PROCESS === '1';
if (jobProcess) process.env.BENCH_JOB_RUNNER = 'false';
const server = await startAppServer(db.url, 20);
if (jobProcess) process.env.BENCH_JOB_RUNNER = 'true';
const runner = jobProcess ? await startAppServer(db.url, 8) : undefined;
const http = httpClient(server.port, CLIENTS);
const pool = new pg.Pool({ connectionString: db.url, max: 20 });
let failed = false;
try {
  console.log(`setting up ${4 * CLIENTS} customers and ${3 * CLIENTS} businesses; ${ROUNDS} rounds of ${CHUNK} bookings per client and path…`);
  const tag = process.pid;
  // Customers of their own for each path: the paths book the same slots at their own businesses, and
  // one customer cannot hold two bookings at one time (appointments_one_place, decision 22).
  const everyone = await mapLimit(Array.from({ length: 4 * CLIENTS }, (_, i) => i), 4, (i) => register(http, `tp_${tag}_${i}`, 'customer'));
  const customersOf = (path: number) => everyone.slice(path * CLIENTS, (path + 1) * CLIENTS);
  const shops = await mapLimit(Array.from({ length: 3 * CLIENTS }, (_, i) => i), 4, (i) => createShop(http, `tp_${tag}_${i}`));
  const [rawShops, oneCallShops, httpShops] = [0, 1, 2].map((k) => shops.slice(k * CLIENTS, (k + 1) * CLIENTS));
  // The minimal path's businesses live in its own tables; the ids only need to be distinct.
  const minimalShops = rawShops.map((s, i) => ({ ...s, businessId: 1_000_000 + i }));
  await createMinimalTables(pool);
  await addMinimalBusinesses(pool, minimalShops.map((s) => s.businessId));

  const paths: Path[] = (
    [
    { name: 'minimal booking, node-postgres (one statement)', shops: minimalShops, book: (c, shop, slot) => bookMinimal(pool, { businessId: shop.businessId, userId: c.id, ...slot, minutes: 30 }) },
    { name: "project's booking, node-postgres (bench/booking-raw.ts)", shops: rawShops, book: (c, shop, slot) => bookRaw(pool, { userId: c.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }) },
    { name: "project's one-call booking, node-postgres (que_book)", shops: oneCallShops, book: (c, shop, slot) => bookOneCall(pool, { userId: c.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }) },
    {
      name: 'HTTP API (POST /api/appointments)',
      shops: httpShops,
      book: async (c, shop, slot) => (await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, c.cookie)).status === 201,
    },
    ] satisfies { name: string; shops: Shop[]; book: Booker }[]
  ).map((p) => ({ ...p, latencies: [], failures: 0, followLag: [], sustained: [] }));

  for (const [n, p] of paths.entries()) {
    await Promise.all(customersOf(n).map(async (c, i) => {
      for (let k = 0; k < WARMUP; k++) if (!(await p.book(c, p.shops[i], slots[k]))) throw new Error(`${p.name}: warm-up booking failed`);
    }));
    p.latencies = [];
  }
  await followUpsDone();
  const rates = await alternateRounds(ROUNDS, paths, (p, r) => measure(p, r, customersOf(paths.indexOf(p))));
  for (let r = 0; r < ROUNDS; r++) console.log(`round ${r + 1}: ${paths.map((p, i) => `${p.name.split(',')[0]} ${round(rates[i][r])}/s`).join('  ')}`);
  for (const [i, p] of paths.entries()) {
    const mean = rates[i].reduce((a, b) => a + b, 0) / ROUNDS;
    console.log(`${p.name.padEnd(56)} ${round(mean)}/s  p50 ${round(percentile(p.latencies, 50), 2)} ms  p95 ${round(percentile(p.latencies, 95), 2)} ms  failures ${p.failures}`);
  }
  const [minimal, raw, oneCall, api] = rates;
  const figures: Figure[] = [
    ratioFigure('booking over HTTP / minimal node-postgres booking', api.map((v, r) => v / minimal[r]), 0.35, `HTTP ${round(api.reduce((a, b) => a + b) / ROUNDS)}/s, minimal ${round(minimal.reduce((a, b) => a + b) / ROUNDS)}/s, ${CLIENTS} clients`),
    ratioFigure("booking over HTTP / project's one-call booking from node-postgres", api.map((v, r) => v / oneCall[r]), 0.5, `one call ${round(oneCall.reduce((a, b) => a + b) / ROUNDS)}/s, the ten-round-trip transaction ${round(raw.reduce((a, b) => a + b) / ROUNDS)}/s`),
  ];
  const sustainedOf = (p: Path) => p.sustained;
  figures.push(
    ratioFigure(
      'booking over HTTP / minimal booking, each counting until its follow-ups were done',
      sustainedOf(paths[3]).map((v, r) => v / sustainedOf(paths[0])[r]),
      0.35,
      `follow-ups done ${paths[3].followLag.map((ms) => round(ms)).join(', ')} ms after each HTTP round's last booking (one call: ${paths[2].followLag.map((ms) => round(ms)).join(', ')} ms)`,
    ),
  );
  const ledger = await pool.query(`select asset, sum(credits_posted - debits_posted)::bigint as total from ledger_accounts group by asset`);
  const checks = {
    'every booking succeeded (no failures on any path)': paths.every((p) => p.failures === 0),
    'ledger sums to zero per asset': ledger.rows.every((r) => Number(r.total) === 0),
  };
  writeResult('booking-throughput', figures, checks, [
    jobProcess ? 'follow-up jobs ran in a second app process (BENCH_JOB_PROCESS=1); the HTTP process only served requests' : 'follow-up jobs ran in the app process that served the requests',
  ]);
  failed = Object.values(checks).some((held) => !held);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  http.close();
  await pool.end();
  await server.stop();
  await runner?.stop();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
