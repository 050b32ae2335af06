/**
 * Discovery at 100,000 businesses and about 1,000,000 appointments (issue 20, DESIGN section 13):
 * on the market of bench/discovery-seed.ts (seeded here unless a kept one is there), the app is
 * started as a process of its own, as main.ts starts it, and timed to its first answered directory
 * page (target < 10 s); then a directory page and the next by its Link, a search with a typo, an
 * availability-search page (plain, with date and party size, with date, time and party size, and the
 * same on a date two weeks ahead) and a reviews page are each asked a
 * few hundred times over keep-alive HTTP with `Accept-Encoding: br, gzip`, in alternating blocks with
 * a /api/health round trip as the run's noise floor (targets: p95 ≤ 30 ms, ≤ 30 KB on the wire).
 * Last, the statements behind every filter are EXPLAINed (discovery-explain.ts) and checked for an index.
 *   npx tsx bench/discovery-latency.ts     (BENCH_DATABASE_URL; KEEP=1 keeps que_bench_discovery; BENCH_REQUESTS)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addDays } from '../src/contract/time.js';
import { percentile } from './booking-support.js';
import { explainRequests } from './discovery-explain.js';
import { type Answer, client, nextPath, startApp, text } from './discovery-http.js';
import { discoverySeeded, discoveryUrl, dropDiscovery, seedDiscovery } from './discovery-seed.js';
import { load } from './latency-support.js';
import { type Figure, median, writeResult } from './results.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const BLOCK = 20;
const HEAVY_SAMPLES = 20;
const P95_MS = 30;
const WIRE_BYTES = 30 * 1024;
const ms = (v: number) => Math.round(v * 100) / 100;

console.log(`load average at start: ${load()}`);
const notes: string[] = [];
if (await discoverySeeded()) console.log('using the kept que_bench_discovery');
else {
  const seeded = await seedDiscovery();
  notes.push(`seeded in ${seeded.seconds.toFixed(0)} s: ${JSON.stringify(seeded.counts)}`);
}
const url = discoveryUrl();

// Start-up: three cold starts of the app's process, each to its first answered directory page.
const starts: { toFirstPageMs: number; listenMs: number }[] = [];
for (let i = 0; i < 3; i++) {
  const app = await startApp(url);
  starts.push({ toFirstPageMs: app.toFirstPageMs, listenMs: app.listenMs });
  await app.stop();
}
const app = await startApp(url);
const get = client(app.port);

const today = new Date().toISOString().slice(0, 10);
const tomorrow = addDays(today, 1);
const later = addDays(today, 14);
// The free-time cache (earliest_free_starts) is brought up to now by the first availability search
// (after a seed, for every service): timed apart, with a long wait, so the figures below are warm.
const fill = await get('/api/earliest-appointments?limit=24', 30 * 60_000).catch((error: Error) => ({ status: -1, ms: NaN, error: error.message }));
const fillNote = `the run's first availability search (every stale free time brought up to now, all of them after a seed) answered ${fill.status} in ${(fill.ms / 1000).toFixed(1)} s`;
console.log(fillNote);
notes.push(fillNote);
// Then, as a live database is: every free time brought up to now (by that request and the app's
// refresher), and its statistics taken of the filled table. This cluster runs with autovacuum off, so
// without this the planner keeps the seed's picture (every row stale, no fresh_until) and reads the
// whole table to find the few stale rows (119 ms a page, measured 2026-11-26 11:45 UTC).
await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline && !(await c.query<{ complete: boolean }>('select que_earliest_refresh(now(), null, 2000) as complete')).rows[0].complete);
    await c.query('vacuum analyze earliest_free_starts');
  } finally {
    await c.end();
  }
})();
notes.push('then every stale free time brought up to now and earliest_free_starts vacuumed and analysed (autovacuum is off on this cluster)');
const TYPOS = ['dentsit', 'trattoira', 'pizzeira', 'cafe lumiere', 'barbres', 'yoga studoi'];
const page1 = await get('/api/businesses?limit=24');
const page2 = nextPath(page1.link);
// Reviews: the popular businesses (about 120 reviews each) and others chosen from the first pages.
const reviewed = (JSON.parse(text(await get('/api/businesses?sort=rating&limit=24'))) as { id: number }[]).map((b) => b.id);
const popular = await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ id: number }>('select business_id as id from reviews group by 1 order by count(*) desc, 1 limit 10')).rows.map((r) => r.id);
  } finally {
    await c.end();
  }
})();

let turn = 0;
const ENDPOINTS: { name: string; path: () => string | undefined }[] = [
  { name: 'directory page (limit=24)', path: () => '/api/businesses?limit=24' },
  { name: 'directory, next page by its Link', path: () => page2 },
  { name: 'search with a typo (q=dentsit, trattoira, …)', path: () => `/api/businesses?q=${encodeURIComponent(TYPOS[turn++ % TYPOS.length])}&limit=24` },
  { name: 'availability search page (limit=24)', path: () => '/api/earliest-appointments?limit=24' },
  { name: 'availability search, date (today) and partySize=2', path: () => `/api/earliest-appointments?limit=24&date=${today}&partySize=2` },
  // issue 27: every free start at or after the time that day, for the party (que_free_starts_from for each row the page reaches)
  { name: 'availability search, date (tomorrow), time=18:00 and partySize=2', path: () => `/api/earliest-appointments?limit=24&date=${tomorrow}&time=18:00&partySize=2` },
  // a date two weeks ahead: past the stored week, the services with nothing free this week are looked at too
  { name: 'availability search, date (in 14 days), time=18:00 and partySize=2', path: () => `/api/earliest-appointments?limit=24&date=${later}&time=18:00&partySize=2` },
  { name: 'reviews page', path: () => `/api/businesses/${[...popular, ...reviewed][turn++ % (popular.length + reviewed.length)]}/reviews` },
];
const FLOOR = '/api/health';

// Each endpoint asked once first: what it answers on this branch, and its first (cold) time.
const probe = new Map<string, { answer: Answer; items: number | null; note: string }>();
for (const e of ENDPOINTS) {
  const path = e.path();
  if (!path) {
    probe.set(e.name, { answer: { status: 0 } as Answer, items: null, note: 'no next page (no Link header on this branch)' });
    continue;
  }
  const answer = await get(path).catch((error: Error) => ({ status: -1, ms: 0, bodyBytes: 0, headerBytes: 0, encoding: '', body: Buffer.from(error.message) }) as Answer);
  let items: number | null = null;
  try {
    const parsed = JSON.parse(text(answer)) as unknown;
    items = Array.isArray(parsed) ? parsed.length : null;
  } catch { /* not JSON: reported by status */ }
  const paged = items !== null && items <= 24;
  const note = answer.status === -1 ? answer.body.toString() : answer.status !== 200 ? `answers ${answer.status} on this branch` : paged ? '' : `not paged on this branch (${items} items)`;
  probe.set(e.name, { answer, items, note });
  console.log(`${e.name}: ${path} → ${answer.status}, ${items ?? '?'} items, ${answer.bodyBytes} B ${answer.encoding}, first call ${answer.ms.toFixed(0)} ms${answer.link ? ', Link next' : ''}${note ? ` — ${note}` : ''}`);
}
const live = ENDPOINTS.filter((e) => probe.get(e.name)!.answer.status === 200);
// An endpoint slower than a second a call is timed HEAVY_SAMPLES times, spread over the rounds.
const heavy = new Set(live.filter((e) => probe.get(e.name)!.answer.ms > 1000).map((e) => e.name));

const samples = new Map<string, Answer[]>(live.map((e) => [e.name, []]));
const floor: number[] = [];
for (const e of live) for (let i = 0; i < (heavy.has(e.name) ? 1 : BLOCK); i++) await get(e.path()!); // warm-up
const loadBefore = load();
for (let r = 0; r < REQUESTS / BLOCK; r++) {
  const order = r % 2 ? [...live].reverse() : live;
  for (let i = 0; i < BLOCK; i++) floor.push((await get(FLOOR)).ms);
  for (const e of order) {
    const perRound = heavy.has(e.name) ? Math.ceil(HEAVY_SAMPLES / (REQUESTS / BLOCK)) : BLOCK;
    for (let i = 0; i < perRound; i++) {
      const answer = await get(e.path()!);
      if (answer.status !== 200) throw new Error(`${e.name}: ${answer.status}`);
      samples.get(e.name)!.push(answer);
    }
  }
}
const loadAfter = load();
await app.stop();

const figures: Figure[] = [];
const startMedian = median(starts.map((s) => s.toFirstPageMs)) / 1000;
figures.push({
  name: 'app start on 100,000 businesses: process start to the first directory page answered', value: Math.round(startMedian * 100) / 100, unit: 's', target: '< 10 s', met: startMedian < 10,
  detail: `median of 3 cold starts (${starts.map((s) => (s.toFirstPageMs / 1000).toFixed(2)).join(', ')} s); of which the process to listening (tsx load, pool, migrate check, buildApp, listen) ${starts.map((s) => (s.listenMs / 1000).toFixed(2)).join(', ')} s`,
});
const floorNote = `/api/health alongside p50 ${ms(percentile(floor, 50))} / p95 ${ms(percentile(floor, 95))} ms`;
for (const e of ENDPOINTS) {
  const p = probe.get(e.name)!;
  const got = samples.get(e.name);
  if (!got?.length) {
    notes.push(`${e.name}: not measured — ${p.note}`);
    continue;
  }
  const times = got.map((a) => a.ms);
  const wire = got.map((a) => a.bodyBytes + a.headerBytes);
  const p95 = percentile(times, 95);
  const largest = Math.max(...wire);
  const paged = p.note ? ` — ${p.note}` : '';
  figures.push({
    name: `${e.name}, p95`, value: ms(p95), unit: 'ms', target: `≤ ${P95_MS} ms`, met: p95 <= P95_MS,
    detail: `p50 ${ms(percentile(times, 50))} / p99 ${ms(percentile(times, 99))} ms over ${times.length} requests; first (cold) call ${ms(p.answer.ms)} ms; ${floorNote}; load ${loadBefore} → ${loadAfter}${paged}`,
  });
  figures.push({
    name: `${e.name}, bytes on the wire (largest)`, value: largest, unit: 'B', target: `≤ ${WIRE_BYTES} B (30 KB)`, met: largest <= WIRE_BYTES,
    detail: `${p.answer.encoding}, body median ${median(got.map((a) => a.bodyBytes))} B + headers about ${got[0].headerBytes} B; ${p.items ?? '?'} items on the page${paged}`,
  });
}

// The statements behind every filter, EXPLAINed with the parameters the app sent.
// Each with the index made for it (migration 0015); the planner may prefer another index (the name
// order's, walking a common category), so the check asks for an index and no whole-table read, and
// the line says whether the filter's own index was the one used.
const FILTERS: [string, string, string][] = [
  ['q', '/api/businesses?q=dentsit&limit=24', 'business_words_pkey'], ['category', '/api/businesses?category=Healthcare&limit=24', 'businesses_category_name_idx'],
  ['cuisine', '/api/businesses?cuisine=Italian&limit=24', 'businesses_cuisine_name_idx'], ['priceRange', '/api/businesses?priceRange=%24%24%24&limit=24', 'businesses_price_name_idx'],
  ['partySize', '/api/businesses?partySize=12&limit=24', 'businesses_party_size_idx'], ['near', '/api/businesses?near=40.7128,-74.006&radiusKm=5&limit=24', 'businesses_location_idx'],
  ['availableOn', `/api/businesses?availableOn=${tomorrow}&limit=24`, 'earliest_free_starts'], ['sort=rating', '/api/businesses?sort=rating&limit=24', 'businesses_rating_idx'],
  ['directory (no filter)', '/api/businesses?limit=24', 'businesses_name_idx'], ['availability search', '/api/earliest-appointments?limit=24', 'earliest_free_starts'],
  ['availability search, date+time+partySize', `/api/earliest-appointments?limit=24&date=${tomorrow}&time=18:00&partySize=2`, 'earliest_free_starts_restaurant_listing_idx'],
  ['availability search, a date in 14 days+time+partySize', `/api/earliest-appointments?limit=24&date=${later}&time=18:00&partySize=2`, 'earliest_free_starts_restaurant_listing_idx'],
  ['reviews page', `/api/businesses/${popular[0]}/reviews`, 'reviews_business_newest_idx'],
];
const checks: Record<string, boolean> = {};
const explained = await explainRequests(url, FILTERS.map(([, path]) => path));
for (const [i, [filter, , own]] of FILTERS.entries()) {
  const e = explained[i];
  const indexes = [...new Set(e.statements.flatMap((s) => s.indexes))];
  const seq = [...new Set(e.statements.flatMap((s) => s.seqScans))];
  const ownUsed = indexes.some((x) => x.startsWith(own));
  const walks = [...new Set(e.statements.flatMap((s) => s.walks))];
  const line = `EXPLAIN ${filter} (${e.path} → ${e.status}): ${e.statements.length} statement(s); indexes ${indexes.join(', ') || 'none'}${seq.length ? `; Seq Scan on ${seq.join(', ')}` : ''}${walks.length ? `; read in index order with a filter and no index condition: ${walks.join(', ')}` : ''}; its own index (${own}${own.endsWith('_idx') ? '' : '*'}) ${ownUsed ? 'used' : 'not used'}`;
  console.log(line);
  for (const s of e.statements) console.log(`    ${s.sql} … [${s.indexes.join(', ')}]${s.seqScans.length ? ` seq: ${s.seqScans.join(', ')}` : ''}`);
  notes.push(line);
  checks[`EXPLAIN ${filter}: every large table read through an index condition (no Seq Scan, no whole index read with a filter)`] = e.status === 200 && indexes.length > 0 && seq.length === 0 && walks.length === 0;
}
console.log(`load average at end: ${load()}`);
writeResult('discovery', figures, checks, notes);
// The browser's figures on the same market, in a process of its own, before the market is dropped.
if (process.env.BENCH_SKIP_BROWSER !== '1') {
  const browser = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./discovery-browser.ts', import.meta.url))], { stdio: 'inherit', env: { ...process.env, KEEP: '1' } });
  if (browser.status !== 0) process.exitCode = 1;
}
if (process.env.KEEP !== '1') await dropDiscovery();
