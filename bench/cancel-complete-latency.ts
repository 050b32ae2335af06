// Cancel and complete over HTTP, this checkout against another (BENCH_BASE_ROOT, e.g. a worktree of
// the commit before migration 0013, whose cancel and complete ran the TypeScript listeners in a
// transaction). Each app runs in its own process on its own database (both migrated by this
// checkout; the older code only uses tables and functions that are still there for these two
// routes). One client, requests one after another, so the figure is the latency of the call; the
// two apps take turns round by round and the ratio is taken within a round.
// Run: BENCH_BASE_ROOT=/path/to/base npx tsx bench/cancel-complete-latency.ts   (BENCH_ROUNDS, BENCH_PER_ROUND)
import { join } from 'node:path';
import { type Account, contact, createBenchDatabase, createShop, httpClient, type Http, percentile, register, round, startAppServer, weekdaySlots } from './booking-support.js';

const base = process.env.BENCH_BASE_ROOT;
if (!base) throw new Error('BENCH_BASE_ROOT (a checkout to compare with) is required');
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 4));
const PER_ROUND = Math.max(5, Number(process.env.BENCH_PER_ROUND ?? 40));

interface Side {
  name: string;
  http: Http;
  shop: Awaited<ReturnType<typeof createShop>>;
  customer: Account;
  ids: number[];
  complete: number[];
  cancel: number[];
}

async function prepare(name: string, http: Http): Promise<Side> {
  const tag = `${name}_${process.pid}`;
  const shop = await createShop(http, tag);
  const customer = await register(http, `cc_${tag}`, 'customer');
  const ids: number[] = [];
  for (const slot of weekdaySlots().slice(0, 2 * ROUNDS * PER_ROUND)) {
    const r = await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, customer.cookie);
    if (r.status !== 201) throw new Error(`${name} booking: ${r.status} ${r.body}`);
    ids.push((JSON.parse(r.body) as { id: number }).id);
  }
  return { name, http, shop, customer, ids, complete: [], cancel: [] };
}

async function measure(side: Side, r: number) {
  const mine = side.ids.slice(2 * r * PER_ROUND, 2 * (r + 1) * PER_ROUND);
  const times = { complete: [] as number[], cancel: [] as number[] };
  for (const [i, id] of mine.entries()) {
    const res =
      i % 2 === 0
        ? await side.http.request('POST', `/api/appointments/${id}/complete`, undefined, side.shop.owner.cookie)
        : await side.http.request('PATCH', `/api/appointments/${id}`, { status: 'cancelled' }, side.customer.cookie);
    if (res.status !== 200) throw new Error(`${side.name}: ${res.status} ${res.body}`);
    (i % 2 === 0 ? times.complete : times.cancel).push(res.ms);
  }
  side.complete.push(...times.complete);
  side.cancel.push(...times.cancel);
  return { complete: percentile(times.complete, 50), cancel: percentile(times.cancel, 50) };
}

// Visits are booked up to 29 days ahead and completed at once: this checkout's server completes from
// an hour before the start, so its clock runs 31 days ahead (the older one has no such rule).
process.env.BENCH_CLOCK_AHEAD_DAYS = '31';
const dbs = [await createBenchDatabase('cc_new'), await createBenchDatabase('cc_base')];
const servers = [await startAppServer(dbs[0].url, 10), await startAppServer(dbs[1].url, 10, join(base, 'bench/booking-server.ts'))];
const https = servers.map((s) => httpClient(s.port, 1));
try {
  const [now, before] = [await prepare('one_call', https[0]), await prepare('before', https[1])];
  const ratios = { complete: [] as number[], cancel: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? [now, before] : [before, now];
    const p50 = new Map<Side, { complete: number; cancel: number }>();
    for (const side of order) p50.set(side, await measure(side, r));
    const [a, b] = [p50.get(now)!, p50.get(before)!];
    ratios.complete.push(b.complete / a.complete);
    ratios.cancel.push(b.cancel / a.cancel);
    console.log(`round ${r + 1}: complete p50 ${round(a.complete, 2)} ms vs ${round(b.complete, 2)} ms before; cancel p50 ${round(a.cancel, 2)} ms vs ${round(b.cancel, 2)} ms before`);
  }
  for (const side of [now, before]) {
    console.log(`${side.name}: complete p50 ${round(percentile(side.complete, 50), 2)} p99 ${round(percentile(side.complete, 99), 2)} ms; cancel p50 ${round(percentile(side.cancel, 50), 2)} p99 ${round(percentile(side.cancel, 99), 2)} ms`);
  }
  console.log(`median speed-up (before / one call, per round): complete ${round(percentile(ratios.complete, 50), 2)}x, cancel ${round(percentile(ratios.cancel, 50), 2)}x`);
} finally {
  https.forEach((h) => h.close());
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all(dbs.map((d) => d.drop()));
}
