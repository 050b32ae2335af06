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
    'Reason: booking is now one database call (que_book, decision 0014) and the HTTP route runs at about 0.7 of that call issued straight from node-postgres (the second target, met). The minimal baseline (bench/booking-minimal.ts) is one statement on tables of its own with no queue entry, notification, e-mail row or pg_notify, and runs about 9× faster than que_book itself; que_book even runs below the ten-round-trip transaction from node-postgres (0.82 at 03:16 UTC). The gap is inside PostgreSQL, not in the app: the suspects are the pg_notify commit lock (notifying commits take turns) and the queue and outbox writes. Next: profile que_book with pg_stat_statements and track_functions, move pg_notify out of the hot commit (for example one notify per statement, or the outbox read by the live process), then rerun.',
  'offer-throughput': 'Reason: offer create and accept each run several statements through Drizzle. Next: one database call each (issue 10), then rerun.',
  'availability-latency':
    "Reason for available-slots: one SQL call (que_day_slots) with 0.33 ms of PostgreSQL CPU; on a quiet machine (load 0.5–1.6, 03:17 UTC) p50 0.6 ms and p99 3.2 ms, while a bare `select 1` alongside had a p99 of 1.4 ms, so the tail is mostly the shared machine's scheduling. Next: rerun with the bench client on its own core, then profile que_day_slots (auto_explain of its inner statements) if the tail stays above 2 ms. Reason for earliest-appointments (if missed): each service's earliest free start is now kept in earliest_free_starts, computed only by que_day_slots and refreshed at read time for rows that triggers or time passing made stale (decision 0015), and the database sends the listing as ready JSON; what is left is the size of the answer, one item per live service (about 17,000 at 10,000 businesses, 4 MB): two scans of the table, a sort and a 4 MB string aggregate in PostgreSQL (44–65 ms of CPU per call measured under load 5–11, against 273 ms before; the sort carries the 4 MB of items and spills past work_mem) and about 12 ms in node-postgres receiving the text. Next: sort only the keys (or give the read its own work_mem), then page the list soonest first (an API change) if it is still over; then measure again on a quiet machine.",
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
