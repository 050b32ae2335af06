// DESIGN section 8: offer create + accept over HTTP must reach at least 50% of the same use cases
// issued straight against PostgreSQL through node-postgres: the app's own one-call functions
// (que_offer_create, que_offer_accept) as named statements on a pg pool, as
// bench/booking-throughput.ts does for que_book. Each client is a pair of
// customers at a shop of their own: whoever holds the later slot offers a $5 queue jump by credit and
// the other accepts, so the two swap back and forth with no conflicts. Paths take turns, round by round.
// Run: npx tsx bench/offer-throughput.ts   (BENCH_DATABASE_URL, BENCH_CLIENTS, BENCH_ROUND_SECONDS)
import pg from 'pg';

import { type Account, createBenchDatabase, createShop, httpClient, mapLimit, percentile, register, round, startAppServer, weekdaySlots } from './booking-support.js';
import { bookOver, grantCredit, ledgerAndSlotProblems } from './offer-support.js';
import { alternateRounds, median, ratioFigure, writeResult } from './results.js';
import { RULES } from '../src/contract/rules.js';

const CLIENTS = Math.max(1, Math.min(Number(process.env.BENCH_CLIENTS ?? 8), 32));
const ROUND_SECONDS = Math.min(Number(process.env.BENCH_ROUND_SECONDS ?? 8), 60);
const ROUNDS = Math.max(2, Math.min(Number(process.env.BENCH_ROUNDS ?? 4), 12));
const WARMUP = 5;

/** Two customers with one appointment each on one day; `later` is whoever holds the later slot now. */
interface Pair {
  later: { who: Account; appointmentId: number };
  earlier: { who: Account; appointmentId: number };
}
/** One offer made by the later customer and accepted by the earlier one; their slots swap. */
type Swap = (pair: Pair, into?: { create: number[]; accept: number[] }) => Promise<boolean>;
interface Tally {
  /** Milliseconds spent in offer create and in accept, per round: their ratios are taken per call. */
  createMs: number[][];
  acceptMs: number[][];
  swaps: number;
  failures: number;
  seconds: number;
  latencies: number[];
}

const db = await createBenchDatabase('offer_throughput');
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, CLIENTS);
const pool = new pg.Pool({ connectionString: db.url, max: 20 });
let failed = false;

async function makePairs(label: string): Promise<Pair[]> {
  const [slot] = weekdaySlots();
  const late = { date: slot.date, time: '16:30' };
  return mapLimit(Array.from({ length: CLIENTS }, (_, i) => i), 4, async (i) => {
    const shop = await createShop(http, `${label}_${i}`);
    const [a, b] = [await register(http, `${label}_a${i}`, 'customer'), await register(http, `${label}_b${i}`, 'customer')];
    const early = await bookOver(http, a.cookie, shop, slot);
    const later = await bookOver(http, b.cookie, shop, late);
    await grantCredit(db.url, [a.id, b.id], 1_000_000);
    return { earlier: { who: a, appointmentId: early }, later: { who: b, appointmentId: later } };
  });
}

const offerBody = (p: Pair) => ({ fromAppointmentId: p.later.appointmentId, toAppointmentId: p.earlier.appointmentId, offerAmount: 5, offerType: 'queue_jump', paymentMethod: 'credits' });

// The calls the app makes (create-offer.ts, accept-offer.ts), issued straight from node-postgres.
const CREATE = `select que_offer_create($1::int, $2::int, $3::int, null::int, 'queue_jump', 'credits', $4::int, '', null::text, null::jsonb,
  ${RULES.offerLifetimeHours}, null::text) as view`;
const ACCEPT = `select que_offer_accept($1::int, $2::int, false, null::text, ${RULES.restaurantHorizonDays}, null::text) as view`;
const turn = (p: Pair) => ([p.later, p.earlier] = [p.earlier, p.later]);

const overHttp: Swap = async (p, into) => {
  const made = await http.request('POST', '/api/queue-jump-offers', offerBody(p), p.later.who.cookie);
  if (made.status !== 201) return false;
  const id = (JSON.parse(made.body) as { id: number }).id;
  const accepted = await http.request('POST', `/api/queue-jump-offers/${id}/accept`, {}, p.earlier.who.cookie);
  if (accepted.status !== 200) return false;
  into?.create.push(made.ms);
  into?.accept.push(accepted.ms);
  turn(p);
  return true;
};

const viaNodePostgres: Swap = async (p, into) => {
  const body = offerBody(p);
  const t0 = performance.now();
  const made = await pool.query({ name: 'raw_que_offer_create', text: CREATE, values: [p.later.who.id, body.fromAppointmentId, body.toAppointmentId, body.offerAmount * 100] });
  const t1 = performance.now();
  await pool.query({ name: 'raw_que_offer_accept', text: ACCEPT, values: [p.earlier.who.id, (made.rows[0].view as { offer: { id: number } }).offer.id] });
  into?.create.push(t1 - t0);
  into?.accept.push(performance.now() - t1);
  turn(p);
  return true;
};

/** Every pair swaps as fast as it can for ROUND_SECONDS; returns swaps per second. */
async function measure(pairs: Pair[], swap: Swap, into: Tally) {
  const started = performance.now();
  let done = 0;
  const ops = { create: [] as number[], accept: [] as number[] };
  into.createMs.push(ops.create);
  into.acceptMs.push(ops.accept);
  await Promise.all(
    pairs.map(async (p) => {
      while (performance.now() - started < ROUND_SECONDS * 1000) {
        const t = performance.now();
        if (await swap(p, ops).catch(() => false)) {
          into.latencies.push(performance.now() - t);
          done++;
        } else into.failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  into.swaps += done;
  into.seconds += seconds;
  return done / seconds;
}

try {
  console.log(`setting up ${2 * CLIENTS} pairs of customers, each pair at a shop of its own; ${ROUNDS} rounds of ${ROUND_SECONDS} s per path…`);
  const tag = process.pid;
  const paths = [
    { name: 'node-postgres, que_offer_create/accept', pairs: await makePairs(`otr${tag}`), swap: viaNodePostgres },
    { name: 'HTTP API (offer + accept)', pairs: await makePairs(`oth${tag}`), swap: overHttp },
  ].map((p) => ({ ...p, tally: { createMs: [], acceptMs: [], swaps: 0, failures: 0, seconds: 0, latencies: [] } as Tally }));
  for (const p of paths) for (let k = 0; k < WARMUP; k++) await Promise.all(p.pairs.map((pair) => p.swap(pair)));
  const rates = await alternateRounds(ROUNDS, paths, (p) => measure(p.pairs, p.swap, p.tally));
  for (let r = 0; r < ROUNDS; r++) console.log(`round ${r + 1}: node-postgres ${round(rates[0][r])}/s  HTTP ${round(rates[1][r])}/s  HTTP/node-postgres ${round((rates[1][r] / rates[0][r]) * 100)}%`);
  const perSecond = paths.map((p) => {
    const rate = p.tally.swaps / p.tally.seconds;
    console.log(
      `${p.name.padEnd(40)} ${String(p.tally.swaps).padStart(6)} offers made and accepted in ${round(p.tally.seconds, 2)}s = ${round(rate)}/s  ` +
        `p50 ${round(percentile(p.tally.latencies, 50), 2)} ms  p95 ${round(percentile(p.tally.latencies, 95), 2)} ms  failures ${p.tally.failures}`,
    );
    return rate;
  });
  const ratio = perSecond[1] / perSecond[0];
  console.log(`HTTP API / node-postgres = ${round(ratio * 100)}% (target >= 50%)${ratio < 0.5 ? ' — below target' : ''}`);
  // With the same number of clients in a closed loop, calls per second go as 1 / mean call time.
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const perCall = (op: 'createMs' | 'acceptMs') => paths[0].tally[op].map((np, r) => mean(np) / mean(paths[1].tally[op][r]));
  const figures = [
    ratioFigure('offer create over HTTP / node-postgres', perCall('createMs'), 0.5, `per-call time, ${CLIENTS} clients`),
    ratioFigure('offer accept over HTTP / node-postgres', perCall('acceptMs'), 0.5, `per-call time, ${CLIENTS} clients`),
    ratioFigure('offer create + accept over HTTP / node-postgres', rates[1].map((v, r) => v / rates[0][r]), 0.5, `HTTP ${round(median(rates[1]))} swaps/s, node-postgres ${round(median(rates[0]))} swaps/s`),
  ];
  failed = paths.some((p) => p.tally.failures > 0);
  const check = new pg.Client({ connectionString: db.url });
  await check.connect();
  const problems = await ledgerAndSlotProblems(check);
  await check.end();
  console.log(`ledger sums to zero per asset, nothing overdrawn, no overlap: ${problems.length ? problems.join('; ') : 'yes'}`);
  failed ||= problems.length > 0;
  writeResult('offer-throughput', figures, { 'every offer was made and accepted (no failures)': paths.every((p) => p.tally.failures === 0), 'ledger sums to zero, nothing overdrawn, no overlap': problems.length === 0 }, [
    ...problems,
    'the node-postgres side issues the one-call functions que_offer_create/que_offer_accept as named statements on a pg pool in the bench process, which also drives the load; the HTTP side has the app process to itself',
  ]);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  http.close();
  await pool.end();
  await server.stop();
  await db.drop();
}
console.log(failed ? 'RESULT: FAILED' : 'RESULT: OK');
process.exit(failed ? 1 : 0);
