// DESIGN section 8 / issue 28: booking over HTTP ≥ 0.35 × the raw floor, measured as issue 28 says:
// PostgreSQL, 16 clients taking turns among 128 customers, each at distinct times, at 40 all-day
// businesses, against the raw floor in the same run, rounds alternating. The raw floor
// (bench/booking-minimal.ts bookFloor): 16 node-postgres clients, each booking one transaction on a
// table of its own — select an overlap, insert under an exclusion constraint, insert a credit row,
// commit. Also ≥ 0.5 × the project's own one-call booking issued straight from node-postgres
// (bench/booking-raw.ts bookOneCall: que_book_returning_events, then its live events published, without
// Fastify, zod, sessions or Drizzle). Reported beside them, without targets: the one-statement booking
// (bookMinimal: hours check, insert and credit row in one statement) and the project's statements
// written by hand (bookRaw, about ten round trips), and the HTTP ceiling (bench/booking-ceiling.ts: the
// app's request path around the raw floor's transaction, the most any booking over it can reach) with
// the bare ceiling (node's http server alone around the same transaction).
// Each path has 128 customers and 40 businesses of its own (open 00:00-23:59 every day); at step k
// client i books customer (i + 16k) mod 128 at business (i + 16k) mod 40 at the k-th start, so no two
// bookings of a customer share a time and no two share a business's time; clients share businesses
// and customers, as people do. A booking's follow-ups (notices, e-mail, the earliest cache: decision
// 0029) run after it, in the app's job runner: after each round the bench waits until every change
// was followed, so no path's follow-ups run in another's round, and a third figure counts that wait
// in the HTTP and floor rates (bookings with their follow-ups).
// Run: npx tsx bench/booking-throughput.ts   (BENCH_DATABASE_URL, BENCH_CLIENTS, BENCH_ROUNDS, BENCH_JOB_PROCESS)
import pg from 'pg';
import { addMinimalBusinesses, bookFloor, bookMinimal, createFloorTables, createMinimalTables } from './booking-minimal.js';
import { bookOneCall, bookRaw } from './booking-raw.js';
import { BARE_BUSINESS_BASE, CEILING_BUSINESS_BASE, CEILING_ROUTE } from './booking-ceiling.js';
import { type Account, aroundTheClock, contact, createBenchDatabase, createShop, httpClient, mapLimit, percentile, register, round, startAppServer, TIME_ZONE } from './booking-support.js';
import { addDays } from '../src/contract/time.js';
import { businessNow } from '../src/server/features/availability/business-clock.js';
import { alternateRounds, type Figure, median, ratioFigure, writeResult } from './results.js';

const CLIENTS = Math.max(1, Math.min(Number(process.env.BENCH_CLIENTS ?? 16), 64));
const ROUNDS = Math.max(2, Math.min(Number(process.env.BENCH_ROUNDS ?? 6), 12));
const CUSTOMERS = 8 * CLIENTS;
const BUSINESSES = Math.max(CLIENTS, Number(process.env.BENCH_BUSINESSES ?? 40));

/** Every 30-minute start from 04:00 to 23:00 (clear of a clock change's skipped hour) of the next 29 days. */
function allDaySlots(): { date: string; time: string }[] {
  const today = businessNow(TIME_ZONE).date;
  const out: { date: string; time: string }[] = [];
  for (let d = 1; d <= 29; d++) {
    for (let m = 4 * 60; m <= 23 * 60; m += 30) out.push({ date: addDays(today, d), time: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}` });
  }
  return out;
}
const slots = allDaySlots();
const WARMUP = 10;
// 155 steps a client and round: 2,480 bookings a path and round at 16 clients, as the issue's runs.
const CHUNK = Math.min(155, Math.floor((slots.length - WARMUP) / ROUNDS));

type Shop = Awaited<ReturnType<typeof createShop>>;
type Booker = (customer: Account, shop: Shop, slot: { date: string; time: string }, client: number) => Promise<boolean>;
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
 * Only changes after `since` are read (every earlier one was followed before the round began): a
 * look over the whole log grew with every round and took the CPU the follow-ups were waited for.
 */
async function followUpsDone(since = 0): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await pool.query(`select exists (select 1 from changes_unfollowed where change_id > $1) as waiting`, [since]);
    if (!rows[0].waiting) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The last change recorded so far. */
const lastChange = async () => Number((await pool.query(`select coalesce(max(id), 0) as id from changes`)).rows[0].id);

/** Client i's booking at step k: its customer and business (see the head of the file) and the k-th start. */
const stepOf = (p: Path, customers: Account[], i: number, k: number) => ({ customer: customers[(i + CLIENTS * k) % CUSTOMERS], shop: p.shops[(i + CLIENTS * k) % BUSINESSES], slot: slots[k] });

/** One round: each client books the next CHUNK steps one after another; bookings per second. */
async function measure(p: Path, r: number, customers: Account[]) {
  const first = WARMUP + r * CHUNK;
  const since = await lastChange();
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      for (let k = first; k < first + CHUNK; k++) {
        const t = performance.now();
        const step = stepOf(p, customers, i, k);
        if (await p.book(step.customer, step.shop, step.slot, i)) {
          p.latencies.push(performance.now() - t);
          done++;
        } else p.failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const lag = await followUpsDone(since);
  p.followLag.push(lag);
  p.sustained.push(done / (seconds + lag / 1000));
  // What autovacuum does between rounds on a server that runs it (this machine's PostgreSQL has it
  // off): the job queue's rows are inserted, locked and deleted once per job, and without a vacuum
  // every look for a job walks the dead ones, more each round. Outside the timed window.
  await pool.query('vacuum (analyze)');
  return done / seconds;
}

const db = await createBenchDatabase('throughput');
// BENCH_JOB_PROCESS=1: the follow-up jobs run in a process of their own (JOB_RUNNER only there), as a
// deployment may split them; by default the one app process serves requests and runs jobs.
const jobProcess = process.env.BENCH_JOB_PROCESS === '1';
if (jobProcess) process.env.BENCH_JOB_RUNNER = 'false';
process.env.BENCH_CEILING_ROUTE = '1';
const server = await startAppServer(db.url, 20);
delete process.env.BENCH_CEILING_ROUTE;
if (jobProcess) process.env.BENCH_JOB_RUNNER = 'true';
const runner = jobProcess ? await startAppServer(db.url, 8) : undefined;
const http = httpClient(server.port, CLIENTS);
const bareHttp = httpClient(server.barePort!, CLIENTS);
const pool = new pg.Pool({ connectionString: db.url, max: 20 });
let failed = false;
try {
  console.log(`setting up ${3 * CUSTOMERS} customers and ${3 * BUSINESSES} all-day businesses; ${ROUNDS} rounds of ${CHUNK} bookings per client and path…`);
  const tag = process.pid;
  // Customers of their own for each app path: the paths book the same times at their own businesses,
  // and one customer cannot hold two bookings at one time (appointments_one_place, decision 22).
  const everyone = await mapLimit(Array.from({ length: 3 * CUSTOMERS }, (_, i) => i), 4, (i) => register(http, `tp_${tag}_${i}`, 'customer'));
  // The floors' paths (0-2 and the ceilings, 5-6) book on tables with no rule about customers: they share the first group.
  const customersOf = (path: number) => {
    const group = [0, 0, 0, 1, 2, 0, 0][path];
    return everyone.slice(group * CUSTOMERS, (group + 1) * CUSTOMERS);
  };
  const shops = await mapLimit(Array.from({ length: 3 * BUSINESSES }, (_, i) => i), 4, async (i) => {
    const shop = await createShop(http, `tp_${tag}_${i}`);
    const hours = await http.request('PUT', `/api/businesses/${shop.businessId}/hours`, aroundTheClock, shop.owner.cookie);
    if (hours.status !== 200) throw new Error(`hours: ${hours.status} ${hours.body}`);
    return shop;
  });
  const [rawShops, oneCallShops, httpShops] = [0, 1, 2].map((k) => shops.slice(k * BUSINESSES, (k + 1) * BUSINESSES));
  // The floors' businesses live in their own tables; the ids only need to be distinct.
  const floorShops = rawShops.map((s, i) => ({ ...s, businessId: 1_000_000 + i }));
  await createMinimalTables(pool);
  await createFloorTables(pool, CLIENTS);
  await addMinimalBusinesses(pool, floorShops.map((s) => s.businessId));
  const ceilingShops = rawShops.map((s, i) => ({ ...s, businessId: CEILING_BUSINESS_BASE + i }));
  const bareShops = rawShops.map((s, i) => ({ ...s, businessId: BARE_BUSINESS_BASE + i }));

  const paths: Path[] = (
    [
    { name: 'raw floor, node-postgres (one transaction per client on its own table)', shops: floorShops, book: (c, shop, slot, n) => bookFloor(pool, n, { businessId: shop.businessId, userId: c.id, ...slot, minutes: 30 }) },
    { name: 'one-statement booking, node-postgres (reported only)', shops: floorShops, book: (c, shop, slot) => bookMinimal(pool, { businessId: shop.businessId, userId: c.id, ...slot, minutes: 30 }) },
    { name: "project's booking, node-postgres (bench/booking-raw.ts)", shops: rawShops, book: (c, shop, slot) => bookRaw(pool, { userId: c.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }) },
    { name: "project's one-call booking, node-postgres (que_book)", shops: oneCallShops, book: (c, shop, slot) => bookOneCall(pool, { userId: c.id, businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }) },
    {
      name: 'HTTP API (POST /api/appointments)',
      shops: httpShops,
      book: async (c, shop, slot) => (await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, c.cookie)).status === 201,
    },
    {
      name: "HTTP ceiling (the app's request path around the raw floor's transaction; reported only)",
      shops: ceilingShops,
      book: async (c, shop, slot, n) => (await http.request('POST', `${CEILING_ROUTE}?client=${n}`, { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, c.cookie)).status === 201,
    },
    {
      name: "bare ceiling (node's http server alone around the raw floor's transaction; reported only)",
      shops: bareShops,
      book: async (c, shop, slot, n) => (await bareHttp.request('POST', `/?client=${n}`, { businessId: shop.businessId, userId: c.id, ...slot })).status === 201,
    },
    ] satisfies { name: string; shops: Shop[]; book: Booker }[]
  ).map((p) => ({ ...p, latencies: [], failures: 0, followLag: [], sustained: [] }));

  for (const [n, p] of paths.entries()) {
    const customers = customersOf(n);
    await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
      for (let k = 0; k < WARMUP; k++) {
        const step = stepOf(p, customers, i, k);
        if (!(await p.book(step.customer, step.shop, step.slot, i))) throw new Error(`${p.name}: warm-up booking failed`);
      }
    }));
    p.latencies = [];
  }
  await followUpsDone();
  const rates = await alternateRounds(ROUNDS, paths, (p, r) => measure(p, r, customersOf(paths.indexOf(p))));
  for (let r = 0; r < ROUNDS; r++) console.log(`round ${r + 1}: ${paths.map((p, i) => `${p.name.split(',')[0]} ${round(rates[i][r])}/s`).join('  ')}`);
  for (const [i, p] of paths.entries()) {
    const avg = rates[i].reduce((a, b) => a + b, 0) / ROUNDS;
    console.log(`${p.name.padEnd(56)} ${round(avg)}/s  p50 ${round(percentile(p.latencies, 50), 2)} ms  p95 ${round(percentile(p.latencies, 95), 2)} ms  failures ${p.failures}`);
  }
  const [floor, minimal, raw, oneCall, api, ceiling, bare] = rates;
  const mean = (v: number[]) => round(v.reduce((a, b) => a + b, 0) / v.length);
  const figures: Figure[] = [
    ratioFigure('booking over HTTP / raw floor (issue 28: one transaction per client on its own table)', api.map((v, r) => v / floor[r]), 0.35, `HTTP ${mean(api)}/s, raw floor ${mean(floor)}/s, ${CLIENTS} clients, ${CUSTOMERS} customers, ${BUSINESSES} all-day businesses`),
    ratioFigure("booking over HTTP / project's one-call booking from node-postgres", api.map((v, r) => v / oneCall[r]), 0.5, `one call ${mean(oneCall)}/s, the ten-round-trip transaction ${mean(raw)}/s`),
  ];
  figures.push(
    ratioFigure(
      'booking over HTTP / raw floor, each counting until its follow-ups were done',
      paths[4].sustained.map((v, r) => v / paths[0].sustained[r]),
      0.35,
      `follow-ups done ${paths[4].followLag.map((ms) => round(ms)).join(', ')} ms after each HTTP round's last booking (one call: ${paths[3].followLag.map((ms) => round(ms)).join(', ')} ms)`,
    ),
  );
  // Not targets: how much of the floor the app's request path leaves, with no rule of the app's in it,
  // and how much of that the booking's rules take.
  figures.push(
    {
      name: "HTTP ceiling / raw floor: the app's request path around the floor's transaction (reported only)",
      value: Math.round(median(ceiling.map((v, r) => v / floor[r])) * 1000) / 1000,
      unit: 'ratio',
      detail: `median of rounds ${ceiling.map((v, r) => (v / floor[r]).toFixed(2)).join(', ')}; ceiling ${mean(ceiling)}/s, raw floor ${mean(floor)}/s; the same session lookup, body schema, hooks and error handler as POST /api/appointments (bench/booking-ceiling.ts)`,
    },
    {
      name: "bare ceiling / raw floor: node's http server alone around the floor's transaction (reported only)",
      value: Math.round(median(bare.map((v, r) => v / floor[r])) * 1000) / 1000,
      unit: 'ratio',
      detail: `median of rounds ${bare.map((v, r) => (v / floor[r]).toFixed(2)).join(', ')}; bare ceiling ${mean(bare)}/s (bench/booking-ceiling.ts startBareCeilingServer, in the app's process)`,
    },
    {
      name: 'booking over HTTP / HTTP ceiling (reported only)',
      value: Math.round(median(api.map((v, r) => v / ceiling[r])) * 1000) / 1000,
      unit: 'ratio',
      detail: `median of rounds ${api.map((v, r) => (v / ceiling[r]).toFixed(2)).join(', ')}`,
    },
  );
  // Not a target: the single statement is not the issue's floor, shown so nothing is hidden.
  const oneStatement = api.map((v, r) => v / minimal[r]);
  figures.push({
    name: 'booking over HTTP / one-statement booking (reported only, not the floor)',
    value: Math.round(median(oneStatement) * 1000) / 1000,
    unit: 'ratio',
    detail: `median of rounds ${oneStatement.map((x) => x.toFixed(2)).join(', ')}; one statement ${mean(minimal)}/s`,
  });
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
  bareHttp.close();
  await pool.end();
  await server.stop();
  await runner?.stop();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
