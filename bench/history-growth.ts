// What a person's history costs them (issue 17, decision 0019): the wallet and the lists that grow with
// a history (offers, notifications, own appointments, credit movements), for a customer with none and
// one with about 200 closed offers, as many bookings and the notifications they brought. Each request
// is timed over real HTTP against the app in its own process; the two customers take turns in rounds
// and the figure is the ratio of their p50s within a round (the machine is shared). Target: ≤ 1.5.
// Lists are compared with one page of history too, the cost of the page's own items set apart.
// Everyone else's history is there too (bench/history-population.ts), as in a database that has grown.
// Run: npx tsx bench/history-growth.ts   (BENCH_HISTORY, BENCH_CROWD, BENCH_ROUNDS, BENCH_PER_ROUND)
import { type Account, contact, createBenchDatabase, createShop, type Http, httpClient, mapLimit, percentile, register, round, startAppServer, weekdaySlots } from './booking-support.js';
import pg from 'pg';
import { grantCredit } from './offer-support.js';
import { type Figure, median, writeResult } from './results.js';
import { walletPlans } from './history-plans.js';
import { addPopulation } from './history-population.js';

const HISTORY = Math.max(30, Number(process.env.BENCH_HISTORY ?? 200));
const PAGE = 24;
const CROWD = Math.max(2, Number(process.env.BENCH_CROWD ?? 2000));
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 6));
const PER_ROUND = Math.max(10, Number(process.env.BENCH_PER_ROUND ?? 40));

async function ok(http: Http, method: string, path: string, body: unknown, who: Account, status = 200): Promise<{ id: number }> {
  const res = await http.request(method, path, body, who.cookie);
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
  return JSON.parse(res.body) as { id: number };
}

type Shop = Awaited<ReturnType<typeof createShop>>;
const bookAt = (http: Http, shop: Shop, who: Account, slot: { date: string; time: string }) =>
  ok(http, 'POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, who, 201);

/**
 * `count` bookings of `who`, then `offers` closed offers between them and a rival on one day, both
 * ways: every other one declined by its recipient, the rest withdrawn. Each leaves credit holds
 * (placed, then voided) and notifications, as in the soak.
 */
async function giveHistory(http: Http, shop: Shop, who: Account, rival: Account, slots: { date: string; time: string }[], count: number) {
  const day = slots[0].date;
  const [mine, theirs] = [await bookAt(http, shop, who, { date: day, time: '16:00' }), await bookAt(http, shop, rival, { date: day, time: '10:00' })];
  const early = await bookAt(http, shop, who, { date: day, time: '09:00' });
  await mapLimit(slots.filter((s) => s.date !== day).slice(0, count - 2), 4, (slot) => bookAt(http, shop, who, slot));
  for (let i = 0; i < count; i++) {
    const [payer, payee, from, to] = i % 2 === 0 ? [who, rival, mine.id, theirs.id] : [rival, who, theirs.id, early.id];
    const body = { fromAppointmentId: from, toAppointmentId: to, offerAmount: 5 + (i % 20), offerType: 'queue_jump', paymentMethod: 'credits' };
    const offer = await ok(http, 'POST', '/api/queue-jump-offers', body, payer, 201);
    const [by, action] = i % 4 < 2 ? [payee, 'decline'] : [payer, 'cancel'];
    await ok(http, 'POST', `/api/queue-jump-offers/${offer.id}/${action}`, {}, by);
  }
}

async function offerCount(url: string, userId: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from offers where $1 in (from_user_id, to_user_id)', [userId])).rows[0].n;
  } finally {
    await client.end();
  }
}

const ENDPOINTS = [
  { name: 'wallet', path: () => '/api/wallet' },
  { name: 'offers list', path: (a: Account) => `/api/queue-jump-offers?forUser=${a.id}` },
  { name: 'notifications', path: () => '/api/notifications' },
  { name: 'own appointments', path: () => '/api/appointments' },
  { name: 'credit history', path: (a: Account) => `/api/credits/${a.id}/transactions` },
];

const db = await createBenchDatabase('history');
const server = await startAppServer(db.url, 10);
const http = httpClient(server.port, 1);
try {
  const tag = `h${process.pid}`;
  const [shopA, shopB] = [await createShop(http, `${tag}a`), await createShop(http, `${tag}b`)];
  // A rival for each history: they book the same hour at the two shops, and one customer cannot be in
  // two places at once (decision 22).
  const [fresh, paged, long, rivalA, rivalB] = await Promise.all(['fresh', 'page', 'long', 'rivala', 'rivalb'].map((n) => register(http, `${n}_${tag}`, 'customer')));
  await grantCredit(db.url, [paged.id, long.id, rivalA.id, rivalB.id], 10_000_000);
  const slots = weekdaySlots();
  const started = performance.now();
  const crowd = await addPopulation(db.url, await createShop(http, `${tag}c`), CROWD);
  // A page of history at one shop, about 200 of everything at the other.
  await giveHistory(http, shopA, paged, rivalA, slots, PAGE);
  await giveHistory(http, shopB, long, rivalB, slots, HISTORY);
  console.log(`history built in ${round((performance.now() - started) / 1000)} s`);

  const offersOfLong = await offerCount(db.url, long.id);

  const figures: Figure[] = [];
  const notes: string[] = [];
  for (const endpoint of ENDPOINTS) {
    const get = async (who: Account) => {
      const res = await http.request('GET', endpoint.path(who), undefined, who.cookie);
      if (res.status !== 200) throw new Error(`${endpoint.name}: ${res.status} ${res.body}`);
      return res.ms;
    };
    for (const who of [fresh, paged, long]) await get(who); // warm-up
    // Request by request in turn (the order rotating), so a burst of load on the shared machine falls on all three alike.
    const [f, p, l]: number[][] = [[], [], []];
    for (let r = 0; r < ROUNDS; r++) {
      const times: number[][] = [[], [], []];
      for (let i = 0; i < PER_ROUND; i++) for (let k = 0; k < 3; k++) times[(i + k) % 3].push(await get([fresh, paged, long][(i + k) % 3]));
      [f, p, l].forEach((p50s, k) => p50s.push(percentile(times[k], 50)));
    }
    const versus = (base: number[], label: string, target: boolean): Figure => {
      const ratios = l.map((v, r) => v / base[r]);
      const value = Math.round(median(ratios) * 1000) / 1000;
      const detail = `median of rounds ${ratios.map((x) => x.toFixed(2)).join(', ')}; p50 ${round(median(l), 2)} ms with ${HISTORY} against ${round(median(base), 2)} ms with ${label}`;
      return { name: `${endpoint.name}: p50 with ${HISTORY} closed offers / with ${label}`, value, unit: 'ratio', ...(target ? { target: '≤ 1.5', met: value <= 1.5 } : {}), detail };
    };
    // The wallet is no list: against no history at all. A list's page costs its own items, so a list
    // is held to a page's worth of history; against none it is shown as well.
    figures.push(versus(f, 'none', endpoint.name === 'wallet'));
    if (endpoint.name !== 'wallet') figures.push(versus(p, `${PAGE} (one page)`, true));
  }
  figures.push(...(await walletPlans(db.url, fresh.id, long.id)));
  notes.push(
    `everyone else: ${crowd.people} customers with ${crowd.offers} offers between them (a tenth accepted and unsettled), their escrow accounts and notifications, written as rows`,
    `the long history: ${offersOfLong} offers (all closed: declined or withdrawn, each with its credit hold placed and voided), ${HISTORY} bookings at one shop and the notifications they brought; one page: ${PAGE} of each at another shop; one client, requests in turn, ${PER_ROUND} per customer per round`,
  );
  writeResult('history-growth', figures, undefined, notes);
} finally {
  http.close();
  await server.stop();
  await db.drop();
}
