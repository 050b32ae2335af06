// Shared pieces of the booking benchmarks: a throw-away database, the app in a child process on
// 127.0.0.1, a keep-alive HTTP client, and fixtures created through the API.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { addDays, dayOfWeek, minutesToTime } from '../src/contract/time.js';
import { businessNow } from '../src/server/features/availability/business-clock.js';
import { openDatabase } from '../src/server/db/client.js';

export const TIME_ZONE = 'America/New_York';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Load goes to this machine only. */
function requireLoopback(url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host) || host === '';
  if (!loopback) throw new Error(`BENCH_DATABASE_URL must point at this machine (127.0.0.1, localhost or ::1), not ${host}`);
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates and migrates a database of its own; drop() removes it. */
export async function createBenchDatabase(label: string) {
  requireLoopback(adminUrl);
  const name = `que_bench_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  await database.migrate();
  await database.close();
  return {
    url,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface AppServer {
  baseUrl: string;
  port: number;
  /** The bare ceiling's port (bench/booking-ceiling.ts), when BENCH_CEILING_ROUTE=1. */
  barePort?: number;
  /** The app's process id (bench/booking-cpu-split.ts reads its CPU). */
  pid: number;
  stop(): Promise<void>;
}

/** Starts bench/booking-server.ts on 127.0.0.1 with a free port. */
/** `script`: the server to start (another checkout's bench/booking-server.ts to compare with it). */
export async function startAppServer(databaseUrl: string, poolSize = 20, script = fileURLToPath(new URL('./booking-server.ts', import.meta.url))): Promise<AppServer> {
  const extraArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...extraArgs, '--import', 'tsx', script], {
    env: { ...process.env, BENCH_APP_DATABASE_URL: databaseUrl, BENCH_POOL_SIZE: String(poolSize) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const { port, barePort } = await new Promise<{ port: number; barePort?: number }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('the app did not start within 60 s')), 60_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { port: number; barePort?: number });
    });
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
  return {
    port,
    barePort,
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface HttpResult {
  status: number;
  body: string;
  cookie?: string;
  ms: number;
}

/** A keep-alive client: one socket per concurrent request, reused, like a browser's pool. */
export function httpClient(port: number, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function request(method: string, path: string, body?: unknown, cookie?: string): Promise<HttpResult> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(cookie ? { cookie } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const setCookie = res.headers['set-cookie']?.[0];
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              cookie: setCookie?.startsWith('sid=') ? setCookie.split(';')[0] : undefined,
              ms: performance.now() - started,
            });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
}

export type Http = ReturnType<typeof httpClient>;

export interface Account {
  id: number;
  cookie: string;
}

export async function register(http: Http, username: string, userType: 'customer' | 'business'): Promise<Account> {
  const res = await http.request('POST', '/api/register', { username, email: `${username}@example.com`, password: 'plum-orchard-42', userType });
  if (res.status !== 201 || !res.cookie) throw new Error(`register ${username}: ${res.status} ${res.body}`);
  return { id: (JSON.parse(res.body) as { id: number }).id, cookie: res.cookie };
}

/** Runs fn over items with at most `limit` in flight. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** A service business (default hours Mon-Fri 09:00-17:00) with one 30-minute service. */
export async function createShop(http: Http, label: string) {
  const owner = await register(http, `owner_${label}`, 'business');
  const b = await http.request('POST', '/api/businesses', { businessName: `Bench ${label}`, category: 'Other', timeZone: TIME_ZONE }, owner.cookie);
  if (b.status !== 201) throw new Error(`business: ${b.status} ${b.body}`);
  const businessId = (JSON.parse(b.body) as { id: number }).id;
  const s = await http.request('POST', `/api/businesses/${businessId}/services`, { name: 'Visit', duration: 30, price: '25.00' }, owner.cookie);
  if (s.status !== 201) throw new Error(`service: ${s.status} ${s.body}`);
  return { owner, businessId, serviceId: (JSON.parse(s.body) as { id: number }).id };
}

/** Every bookable 30-minute start from tomorrow on, inside the 30-day window, on weekdays. */
export function weekdaySlots(): { date: string; time: string }[] {
  const today = businessNow(TIME_ZONE).date;
  const out: { date: string; time: string }[] = [];
  for (let d = 1; d <= 29; d++) {
    const date = addDays(today, d);
    const dow = dayOfWeek(date);
    if (dow === 0 || dow === 6) continue;
    for (let m = 9 * 60; m + 30 <= 17 * 60; m += 30) out.push({ date, time: minutesToTime(m) });
  }
  return out;
}

/**
 * A time zone where it is now between 01:00 and 21:00: a shop open around the clock there has free
 * starts minutes from now that fall today, visits its owner may really complete now (from an hour
 * before the start), with no clock faked.
 */
export function daytimeZone(): string {
  return ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].find((zone) => {
    const { minutes } = businessNow(zone);
    return minutes >= 60 && minutes < 21 * 60;
  })!;
}

/** Today's starts in the zone from `from` to `to` minutes from now, every `step` minutes. */
export function startsFromNow(zone: string, from: number, to: number, step: number): { date: string; time: string }[] {
  const { date, minutes } = businessNow(zone);
  const out: { date: string; time: string }[] = [];
  for (let m = Math.ceil((minutes + from) / step) * step; m <= minutes + to && m < 24 * 60; m += step) out.push({ date, time: minutesToTime(m) });
  return out;
}

/** Every day's hours for a shop open around the clock. */
export const aroundTheClock = { hours: Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, openTime: '00:00', closeTime: '23:59' })) };

export const contact = { customerName: 'Bench Customer', customerEmail: 'bench@example.com', customerPhone: '(212) 555-0100' };

/**
 * Every customer books one slot of the shop at once (each request issued before any answer is read,
 * none naming a staff member): the answers, how many were refused as SLOT_TAKEN, and how long all took.
 */
export async function raceForSlot(http: Http, shop: { businessId: number; serviceId: number }, customers: Account[], slot: { date: string; time: string }) {
  const started = performance.now();
  const results = await Promise.all(
    customers.map((c) => http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, ...contact }, c.cookie)),
  );
  const elapsed = performance.now() - started;
  const taken = results.filter((x) => x.status === 409 && (JSON.parse(x.body) as { code: string }).code === 'SLOT_TAKEN').length;
  return { results, taken, elapsed };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
