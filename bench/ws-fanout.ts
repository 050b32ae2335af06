// DESIGN section 8: a change reaches 1,000 sockets subscribed to one business-day with p99 ≤ 100 ms,
// on one app process and across two. Latency is from just before COMMIT of the publishing
// transaction to each socket's receipt of the message. Apps run as child processes on 127.0.0.1
// (this file with --server), so the 1,000 clients here do not share the servers' event loops.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { LIVE_CHANNEL, type LiveEvent } from '../src/server/live-events.js';
import { type ClientSocket, WebSocketClient } from '../src/server/features/live/ws-client.js';
import { writeResult } from './results.js';
import { contact, createBenchDatabase, createShop, httpClient, mapLimit, percentile, register, round, weekdaySlots } from './booking-support.js';

const SOCKETS = 1_000;
const ROUNDS = Number(process.env.WS_ROUNDS ?? 30);
const ROUND_TIMEOUT_MS = 5_000;
// First rounds warm up the JIT and connection pools on both sides; they are not counted.
const WARM_UP_ROUNDS = 3;

async function serve() {
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00', SEED_DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '10000000' });
  const database = await openDatabase({ kind: 'postgres', url: process.env.BENCH_APP_DATABASE_URL!, poolSize: 10 });
  const app = await buildApp({ config, database, logger: false, serveWeb: false, live: { maxConnectionsPerIp: SOCKETS } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  // The parent closing our stdin (or dying) ends us too; a hard cap keeps a lost server from lingering.
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  setTimeout(() => void stop(), 10 * 60_000).unref();
}

async function startServer(url: string): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--server'], {
    env: { ...process.env, BENCH_APP_DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not start within 60 s')), 60_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { port, stop };
}

interface Subscriber {
  socket: ClientSocket;
  onMessage?: () => void;
}

async function openSubscribers(ports: number[], count: number, businessId: number, date: string): Promise<Subscriber[]> {
  return mapLimit(Array.from({ length: count }, (_, i) => ports[i % ports.length]), 50, async (port) => {
    const socket = new WebSocketClient(`ws://127.0.0.1:${port}/ws`, { headers: { origin: `http://127.0.0.1:${port}` } });
    const subscriber: Subscriber = { socket };
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      // The type is the first key the server writes: no JSON.parse, so the clients (1,000 in this
      // one process) add as little as possible to what is measured.
      socket.on('message', (data) => {
        if (data.subarray(0, 21).toString() === '{"type":"queue_update') subscriber.onMessage?.();
        else if (data.subarray(0, 19).toString() === '{"type":"subscribed') resolve();
      });
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', businessId, date })));
    });
    return subscriber;
  });
}

/** Commits one event per round and records, for each socket, how long after COMMIT it arrived. */
async function measure(label: string, url: string, ports: number[], world: { businessId: number; date: string; event: LiveEvent }) {
  const subscribers = await openSubscribers(ports, SOCKETS, world.businessId, world.date);
  const publisher = new pg.Client({ connectionString: url });
  await publisher.connect();
  const latencies: number[] = [];
  let missed = 0;
  for (let r = 0; r < WARM_UP_ROUNDS + ROUNDS; r++) {
    const counted = r >= WARM_UP_ROUNDS;
    let committedAt = 0;
    let pending = subscribers.length;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ROUND_TIMEOUT_MS);
      for (const subscriber of subscribers) {
        subscriber.onMessage = () => {
          if (counted) latencies.push(performance.now() - committedAt);
          subscriber.onMessage = undefined;
          if (--pending === 0) {
            clearTimeout(timer);
            resolve();
          }
        };
      }
    });
    await publisher.query('begin');
    await publisher.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(world.event)]);
    committedAt = performance.now();
    await publisher.query('commit');
    await done;
    if (counted) missed += pending;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await publisher.end();
  for (const { socket } of subscribers) socket.terminate();
  const result = { label, sockets: SOCKETS, rounds: ROUNDS, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(Math.max(...latencies)), missed };
  console.log(JSON.stringify(result));
  return result;
}

async function main() {
  const hardStop = setTimeout(() => {
    console.error('ws-fanout: gave up after 5 minutes');
    process.exit(1);
  }, 5 * 60_000);
  hardStop.unref();
  const { url, drop } = await createBenchDatabase('ws');
  const servers: { port: number; stop(): Promise<void> }[] = [];
  try {
    servers.push(await startServer(url), await startServer(url));
    const http = httpClient(servers[0].port, 4);
    const shop = await createShop(http, `ws${process.pid}`);
    const customer = await register(http, `ws_customer_${process.pid}`, 'customer');
    const slot = weekdaySlots()[0];
    const booked = await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, customer.cookie);
    if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${booked.body}`);
    const appointmentId = (JSON.parse(booked.body) as { id: number }).id;
    http.close();
    // The queue entry as the queue feature keeps it (inserted here if that feature is not running).
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(
      `insert into queue_entries (appointment_id, business_id, service_id, customer_id, starts_at) values ($1, $2, $3, $4, $5)
       on conflict (appointment_id) do update set updated_at = now() returning id`,
      [appointmentId, shop.businessId, shop.serviceId, customer.id, `${slot.date} ${slot.time}:00`],
    );
    await db.end();
    const world = {
      businessId: shop.businessId,
      date: slot.date,
      event: { type: 'queue_update', userIds: [customer.id, shop.owner.id], businessId: shop.businessId, date: slot.date, queueEntryId: rows[0].id } satisfies LiveEvent,
    };
    const runs = [await measure('one process', url, [servers[0].port], world), await measure('two processes (500 sockets each)', url, servers.map((s) => s.port), world)];
    // An absolute target (latency, not throughput): the figure is the p99 itself, with p50 and max beside it.
    writeResult(
      'ws-fanout',
      runs.map((r) => ({
        name: `WebSocket fan-out to ${r.sockets} sockets, COMMIT to receipt, p99 (${r.label})`, value: r.p99, unit: 'ms', target: '≤ 100 ms', met: r.p99 <= 100 && r.missed === 0,
        detail: `p50 ${r.p50} ms, max ${r.max} ms, ${r.rounds} rounds, ${r.missed} messages missed`,
      })),
      Object.fromEntries(runs.map((r) => [`every socket received every message (${r.label})`, r.missed === 0])),
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await drop();
  }
}

if (process.argv.includes('--server')) await serve();
else await main();
