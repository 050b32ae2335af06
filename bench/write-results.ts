// Renders bench/RESULTS.md from every bench/results/*.json present (written by the benchmarks through
// bench/results.ts, and bench/results/fault-injection.json by the fault-injection run).
// Run: npx tsx bench/write-results.ts   (npm run bench runs it last)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type BenchResult, machine, resultsDir } from './results.js';

interface FaultInjection {
  date: string;
  operations: number;
  kills: number;
  kept2xx: number | string;
  invariants: Record<string, boolean>;
}

const ORDER = ['booking-contention', 'offer-contention', 'booking-throughput', 'offer-throughput', 'availability-latency', 'ws-fanout', 'web-bundle'];

/** Why a bench's target is missed and what comes next: written by whoever profiled it, shown beside a miss. */
const WHEN_MISSED: Record<string, string> = {
  'booking-throughput':
    "Reason (profiled: decision 0014, \"Profile of que_book\"): que_book's commit notified, and pg_notify holds a cluster-wide lock from just before commit until the commit record is flushed, so notifying bookings flushed the WAL one at a time (16 clients: 294 of 317 sampled backends waited on Lock:object; que_book 350/s, below its own one-client 620/s). Since migration 0010 the booking returns its live events and the app publishes them once it has committed, in a transaction that does not wait for the disk. Side by side in pgbench (04:04 UTC, load 12-13) the booking path ran 2.6× 0007's que_book (408-432/s against 154-168/s), 0.21-0.32 of the minimal statement (0.08-0.12 before); in this run the one call from node-postgres beats the ten-round-trip transaction (it ran at 0.82 of it before). What is left inside PostgreSQL is what a booking writes: five rows, two ledger updates, 21 index entries and 13 foreign-key checks, about 4.1 KB of WAL per booking against 0.7 KB for the minimal statement (the e-mail outbox row alone 0.8 KB), so backends now wait on the group-commit flush (LWLock:WALWrite), plus about 1.1 ms of PL/pgSQL per booking. Over HTTP the route adds the session read and the publish; requests that commit together now publish in one statement (publishLiveEvents), and at load 5-7 (04:31 UTC) HTTP ran at 0.58 of the one call (target 0.5, met) and 0.10 of the minimal statement. Next: a booking must write less per commit to approach 0.35 of the minimal statement (partial indexes for ledger_transfers.pending_id and offer_id, one GiST index on appointments instead of two, a smaller e-mail outbox row), then rerun on a quiet machine.",
  'offer-throughput': 'Reason: offer create and accept each run several statements through Drizzle. Next: one database call each (issue 10), then rerun.',
  'availability-latency':
    "Reason for available-slots: on the 05:23 UTC run (load 3-4) p50 0.49 ms and 0.26 ms of PostgreSQL CPU per call (0.33 ms before migration 0010), p99 2.94 ms while a bare `select 1` alongside had a p99 of 1.39 ms, so about half the tail is the machine's scheduling and half the call. Earlier, at load 9 (04:14 UTC) a bare `select 1` alongside had a p99 of 5.4 ms, the slot call p50 0.63 ms with 0.35 ms of PostgreSQL CPU per call (on the quiet 03:17 run select 1's p99 was 1.4 ms and the slot p99 3.2 ms). Profile of que_day_slots (track_functions, about 0.39 ms a call): candidate starts 0.10 ms and the engine 0.08, each a query started inside a function, the rest four index reads and PL/pgSQL calls. Migration 0010 reads the business, blocked day and weekday hours in one query and makes the engine, a service's candidate starts and the HH:MM list loops (the same answers as 0007's on 27,192 business-day cases and 40,000 random engine inputs): candidate starts 0.07 ms, engine 0.06, a gain that side-by-side runs at load 9 could not tell from noise. Next: rerun on a quiet machine with the bench client on a core of its own; if the p99 stays above 2 ms, cut the number of PL/pgSQL calls per list (five today). Reason for earliest-appointments (if missed): each service's earliest free start is now kept in earliest_free_starts, computed only by que_day_slots and refreshed at read time for rows that triggers or time passing made stale (decision 0015), and the database sends the listing as ready JSON; what is left is the size of the answer, one item per live service (about 17,000 at 10,000 businesses, 4 MB): two scans of the table, a sort and a 4 MB string aggregate in PostgreSQL (44–65 ms of CPU per call measured under load 5–11, against 273 ms before; the sort carries the 4 MB of items and spills past work_mem) and about 12 ms in node-postgres receiving the text. Next: sort only the keys (or give the read its own work_mem), then page the list soonest first (an API change) if it is still over; then measure again on a quiet machine.",
  'ws-fanout': 'Reason: on a loaded two-core machine 1,000 socket writes and the 1,000 client reads in one bench process compete for the same cores. Next: see issue 10 (fan-out speed, in progress).',
  'web-bundle':
    "Reason: a signed-out visitor's home page already does without TanStack Query (lib/query-layer.tsx comes with the other screens) and tailwind-merge (lib/cn.ts); what is left is mostly react-dom (about 64 KB) and react-router (about 13 KB), with lucide icons and the home page's own code. Next: see what grew with `npx vite build` and keep it in a chunk of the screen that uses it.",
};

function read<T>(file: string): T | undefined {
  const full = path.join(resultsDir, file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : undefined;
}

async function postgresVersion() {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  try {
    await client.connect();
    return ((await client.query('show server_version')).rows[0] as { server_version: string }).server_version;
  } catch {
    return 'unknown';
  } finally {
    await client.end().catch(() => {});
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const files = existsSync(resultsDir) ? readdirSync(resultsDir).filter((f) => f.endsWith('.json') && f !== 'fault-injection.json') : [];
const results = files
  .map((f) => read<BenchResult>(f)!)
  .sort((a, b) => (ORDER.indexOf(a.bench) + 1 || 99) - (ORDER.indexOf(b.bench) + 1 || 99));
const fault = read<FaultInjection>('fault-injection.json');
const m = machine();
const lines: string[] = [
  '# Benchmark results',
  '',
  `Rendered ${new Date().toISOString()} by \`npx tsx bench/write-results.ts\` from \`bench/results/*.json\`.`,
  `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB RAM, Node ${m.node}, PostgreSQL ${await postgresVersion()} on 127.0.0.1.`,
  'The machine is shared with other work while benchmarks run; the load average at the start and end of each benchmark is shown with it.',
  'Throughput figures are ratios against a baseline run in the same process and the same run, in rounds that alternate between the paths',
  '(the median of the per-round ratios is shown, every round in the detail). Latency and size targets are absolute.',
  '',
  '| figure | measured | target | met | detail |',
  '|---|---|---|---|---|',
];
for (const r of results) {
  for (const f of r.figures) {
    const met = f.met === undefined ? '—' : f.met ? 'met' : '**missed** (reason and next step below)';
    lines.push(`| ${cell(f.name)} | ${f.value} ${f.unit === 'ratio' ? '×' : f.unit} | ${cell(f.target ?? '—')} | ${met} | ${cell(f.detail ?? '')} (${r.bench}, ${r.date.slice(0, 16).replace('T', ' ')} UTC, load ${r.loadAverage.start[0]}→${r.loadAverage.end[0]}) |`);
  }
}
if (fault) {
  const held = Object.values(fault.invariants).every(Boolean);
  lines.push(`| fault injection: SIGKILL at random moments | ${fault.operations} operations, ${fault.kills} kills, ${fault.kept2xx} answered 2xx and kept | every 2xx kept, every invariant holds | ${held ? 'met' : '**missed**'} | fault-injection, ${fault.date.slice(0, 16).replace('T', ' ')} UTC |`);
}

lines.push('', '## Invariants checked after each run', '');
for (const r of results) for (const [name, ok] of Object.entries(r.checks ?? {})) lines.push(`- ${r.bench}: ${name} — ${ok ? 'held' : '**broken**'}`);
if (fault) for (const [name, ok] of Object.entries(fault.invariants)) lines.push(`- fault-injection: ${name} — ${ok ? 'held' : '**broken**'}`);

const missed = results.filter((r) => r.figures.some((f) => f.met === false));
if (missed.length) {
  lines.push('', '## Targets missed: reason and next step', '');
  for (const r of missed) lines.push(`- **${r.bench}**: ${WHEN_MISSED[r.bench] ?? 'not yet profiled.'}`, '');
}
const notes = results.flatMap((r) => (r.notes ?? []).map((note) => `- ${r.bench}: ${note}`));
if (notes.length) lines.push('', '## Notes', '', ...notes);

lines.push(
  '',
  '## What the baselines are',
  '',
  '- booking-throughput, minimal: `bench/booking-minimal.ts`, one statement on tables of its own: the day\'s opening hours checked, the insert under an exclusion constraint, one credit row.',
  '- booking-throughput, project\'s booking: `bench/booking-raw.ts`, the statements the app sends for POST /api/appointments written by hand on node-postgres (no Fastify, zod, sessions or Drizzle); when booking becomes one database call, this becomes that call.',
  '- offer-throughput: `createOffer`/`acceptOffer` called on a node-postgres pool in the bench process.',
  '- availability-latency: a `select 1` round trip on the same pool, in alternating blocks with the measured call.',
  '',
  '## Rerun',
  '',
  '```bash',
  'npm run bench                          # every benchmark on PostgreSQL, then this file',
  'npx tsx bench/<name>.ts                # one benchmark; writes bench/results/<name>.json',
  'npx tsx bench/write-results.ts         # render this file from the JSON present',
  '```',
  '',
  '`BENCH_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/test`) must point at this machine; each benchmark',
  'creates and drops a database of its own. Sizes: `BENCH_CLIENTS`, `BENCH_ROUNDS`, `BENCH_BUSINESSES`, `BENCH_APPOINTMENTS`.',
  '',
);
const out = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
writeFileSync(out, lines.join('\n'));
console.log(lines.join('\n'));
