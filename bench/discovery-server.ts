// The app for the discovery benchmarks, in a process of its own, started as src/server/main.ts starts
// it (open the pool, migrate, build, listen) and serving the built web app (dist/web) when present,
// so its start-up is the app's own. Prints {"port":N,"startMs":…} once listening; startMs is this
// process's own start-up (from its first line to listening), the parent times the rest.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';

const url = process.env.BENCH_APP_DATABASE_URL;
if (!url) throw new Error('BENCH_APP_DATABASE_URL is required');

const config = loadConfig({
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '10000000',
  LOGIN_RATE_LIMIT: '1000000',
});
const database = await openDatabase({ kind: 'postgres', url, poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10) });
await database.migrate();
const app = await buildApp({ config, database, logger: false, serveWeb: process.env.BENCH_SERVE_WEB !== '0' });
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, startMs: Math.round(performance.now()) }));

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
process.stdin.on('end', () => void stop());
process.stdin.resume();
setTimeout(() => void stop(), 30 * 60_000).unref();
