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
    'Reason: POST /api/appointments is about ten PostgreSQL round trips (session, business, service, hours, booked appointments, insert, credit accounts, ledger update, transfer, commit) plus the queue entry and e-mail outbox rows. A CPU profile of the app process during this benchmark (node --cpu-prof through BENCH_SERVER_NODE_ARGS, 8 clients) puts about a third of its busy time in writev, one system call per round trip (on loopback the send also runs the receiving side of TCP), and the rest over Drizzle, zod, Fastify and pg; the app, PostgreSQL and the load generator share two cores. Next: one database call per booking (issue 10, being built in its own worktree), then rerun; when bench/booking-raw.ts becomes that call, the second ratio compares like with like.',
  'offer-throughput': 'Reason: offer create and accept each run several statements through Drizzle. Next: one database call each (issue 10), then rerun.',
  'availability-latency':
    "Reason for available-slots: PostgreSQL spends well under 1 ms of CPU per call and the p50 is about 2 ms, but the figure is wall-clock time on a two-core machine whose load average was about 14 during the run: a bare `select 1` timed alongside has a p99 of several ms, and one call is 4 round trips (business with the day's blocked flag, service, hours or time slots, booked periods) plus the slot computation in the bench process, each a chance to lose the CPU for a scheduler slice. EXPLAIN ANALYZE of the four reads at 100,000 appointments: index scans only (appointments through the gist index on business and period, hours and services through their business keys), each under 0.1 ms once cached, so no index is missing. Next: one statement for the four reads (after the one-call booking lands, since booking reads through the same code), and rerun on a quiet machine. Reason for earliest-appointments: the answer holds one item per live service, about 17,000 at 10,000 businesses; PostgreSQL CPU per call is about 240 ms; timing the statement cut after each CTE puts it at: businesses and their local now 10 ms, opening spans for the week (about 60,000, blocked dates anti-joined) 30 ms, the window's appointments 20 ms, live services 10 ms, each service's first start after now (services × spans, about 100,000 rows aggregated) 65 ms, checking those against the appointments 40 ms, the winners 20 ms, and joining names, sorting and sending 17,000 rows 60 ms (hash-joining the names instead saves about 20 ms; work_mem makes no difference). No index is missing: every step reads what it needs once, and the work grows with the number of businesses, not with what a screen shows. Next: keep each service's next free start in a table maintained in the booking transaction (or page the list, soonest first, so the statement stops after a screenful), then measure again.",
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
