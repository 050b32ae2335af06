// The app as a separate process for the booking benchmarks, so load generator and server do not
// share one event loop. Started by bench/booking-support.ts; prints {"port":N} once listening.
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { addCeilingRoute, startBareCeilingServer } from './booking-ceiling.js';

const url = process.env.BENCH_APP_DATABASE_URL;
if (!url) throw new Error('BENCH_APP_DATABASE_URL is required');

const config = loadConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '10000000',
  LOGIN_RATE_LIMIT: '1000000',
  // false: this process serves requests only, and another runs the jobs (bench/booking-throughput.ts BENCH_JOB_PROCESS)
  JOB_RUNNER: process.env.BENCH_JOB_RUNNER ?? 'true',
  // The bench's SMTP server (bench/booking-cpu-split.ts BENCH_SMTP=1): without one, every booking's
  // e-mail job waits in the queue unsent, and each job the runner takes passes over all of them.
  ...(process.env.BENCH_SMTP_URL ? { SMTP_URL: process.env.BENCH_SMTP_URL } : {}),
});
const database = await openDatabase({ kind: 'postgres', url, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20) });
// The completion rule's clock (a visit can be completed from an hour before its start): a bench that
// completes visits booked days ahead runs this server's clock that many days ahead. Only this bench
// server reads it; the app's own start-up (main.ts) always keeps the real clock.
const clockAheadMs = Number(process.env.BENCH_CLOCK_AHEAD_DAYS ?? 0) * 86_400_000;
const app = await buildApp({ config, database, logger: false, serveWeb: false, now: () => new Date(Date.now() + clockAheadMs) });
// bench/booking-throughput.ts's HTTP ceiling: the app's request path around the raw floor's transaction.
if (process.env.BENCH_CEILING_ROUTE === '1') addCeilingRoute(app, url);
const bare = process.env.BENCH_CEILING_ROUTE === '1' ? await startBareCeilingServer(url) : undefined;
if (bare) app.addHook('onClose', () => bare.close());
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, ...(bare ? { barePort: bare.port } : {}) }));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The parent closing our stdin (or dying) ends us too; a hard cap keeps a lost server from lingering.
process.stdin.on('end', () => void stop());
process.stdin.resume();
setTimeout(() => void stop(), 15 * 60_000).unref();
