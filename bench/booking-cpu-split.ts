// Where a booking's CPU goes, issue 28: books over HTTP as booking-throughput's HTTP path does (16
// clients taking turns among 128 customers at 40 all-day businesses) for BENCH_SECONDS, and reads from
// /proc the CPU each kind of process used meanwhile: the app process, PostgreSQL's backends (the
// app's, its job runner's), the load generator (this process), and the rest of the machine. Then waits
// for the bookings' follow-ups and reads the same again. Per booking, in ms of CPU.
// BENCH_EXPLAIN_GET_JOB=1 prints the plan of graphile-worker's look for its next job once all is followed.
// BENCH_PATH=ceiling books through the HTTP ceiling instead (bench/booking-ceiling.ts: the app's request
// path around the raw floor's transaction), BENCH_PATH=bare through the bare ceiling (node's http server
// alone around it, in the app's process), to see what the request path alone costs.
// Run: npx tsx bench/booking-cpu-split.ts   (BENCH_DATABASE_URL, BENCH_SECONDS, BENCH_SMTP, BENCH_SERVER_NODE_ARGS, BENCH_PATH)
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { addDays } from '../src/contract/time.js';
import { businessNow } from '../src/server/features/availability/business-clock.js';
import { startTestSmtpServer } from '../src/server/features/email/test-smtp-server.js';
import { BARE_BUSINESS_BASE, CEILING_BUSINESS_BASE, CEILING_ROUTE } from './booking-ceiling.js';
import { createFloorTables } from './booking-minimal.js';
import { aroundTheClock, contact, createBenchDatabase, createShop, httpClient, mapLimit, register, round, startAppServer, TIME_ZONE } from './booking-support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const CUSTOMERS = 128;
const BUSINESSES = 40;
const TICK = 100; // USER_HZ

/** CPU ticks (user + system) of every process, by kind. */
function cpuByKind(appPid: number): Record<string, number> {
  const out: Record<string, number> = { app: 0, postgres: 0, loadGenerator: 0, other: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let cmd: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const pid = Number(entry);
    const kind = pid === appPid ? 'app' : pid === process.pid ? 'loadGenerator' : cmd.startsWith('postgres') ? 'postgres' : 'other';
    out[kind] += ticks;
  }
  return out;
}
const diff = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.keys(a).map((k) => [k, b[k] - a[k]]));

const today = businessNow(TIME_ZONE).date;
const slots: { date: string; time: string }[] = [];
for (let d = 1; d <= 29; d++) for (let m = 4 * 60; m <= 23 * 60; m += 30) slots.push({ date: addDays(today, d), time: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}` });

// BENCH_SMTP=1: the app sends its e-mail to an SMTP server in this process (counted as the load generator's CPU).
const smtp = process.env.BENCH_SMTP === '1' ? await startTestSmtpServer() : undefined;
if (smtp) process.env.BENCH_SMTP_URL = smtp.url;
const db = await createBenchDatabase('cpusplit');
const ceiling = process.env.BENCH_PATH === 'ceiling';
const bare = process.env.BENCH_PATH === 'bare';
if (ceiling || bare) process.env.BENCH_CEILING_ROUTE = '1';
const server = await startAppServer(db.url, 20);
const http = httpClient(server.port, CLIENTS);
const bareHttp = bare ? httpClient(server.barePort!, CLIENTS) : undefined;
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
try {
  const customers = await mapLimit(Array.from({ length: CUSTOMERS }, (_, i) => i), 4, (i) => register(http, `cs_${process.pid}_${i}`, 'customer'));
  const shops = await mapLimit(Array.from({ length: BUSINESSES }, (_, i) => i), 4, async (i) => {
    const shop = await createShop(http, `cs_${process.pid}_${i}`);
    await http.request('PUT', `/api/businesses/${shop.businessId}/hours`, aroundTheClock, shop.owner.cookie);
    return shop;
  });
  if (ceiling || bare) await createFloorTables(pool, CLIENTS);
  const serverPid = server.pid;
  const waitFollowed = async () => {
    for (;;) {
      const { rows } = await pool.query(`select exists (select 1 from changes_unfollowed) as waiting`);
      if (!rows[0].waiting) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  let k = 0;
  const book = async (i: number, step: number) => {
    const customer = customers[(i + CLIENTS * step) % CUSTOMERS];
    const shopIndex = (i + CLIENTS * step) % BUSINESSES;
    const shop = shops[shopIndex];
    const res = bareHttp
      ? await bareHttp.request('POST', `/?client=${i}`, { businessId: BARE_BUSINESS_BASE + shopIndex, userId: customer.id, ...slots[step] })
      : ceiling
      ? await http.request('POST', `${CEILING_ROUTE}?client=${i}`, { businessId: CEILING_BUSINESS_BASE + shopIndex, serviceId: shop.serviceId, ...slots[step], ...contact }, customer.cookie)
      : await http.request('POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slots[step], ...contact }, customer.cookie);
    return res.status === 201;
  };
  // warm-up
  await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => { for (let s = 0; s < 10; s++) await book(i, s); }));
  k = 10;
  await waitFollowed();
  const before = cpuByKind(serverPid);
  const started = performance.now();
  let done = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async (_, i) => {
    for (let s = k; performance.now() - started < SECONDS * 1000 && s < slots.length; s++) if (await book(i, s)) done++;
  }));
  const seconds = (performance.now() - started) / 1000;
  const during = diff(before, cpuByKind(serverPid));
  await waitFollowed();
  const total = diff(before, cpuByKind(serverPid));
  const perBooking = (t: Record<string, number>) => Object.fromEntries(Object.entries(t).map(([kk, v]) => [kk, round((v * 1000) / TICK / done, 2)]));
  console.log(`${done} bookings in ${round(seconds, 1)} s: ${round(done / seconds, 1)}/s`);
  console.log('ms CPU per booking while booking:', perBooking(during));
  console.log('ms CPU per booking until followed:', perBooking(total));
  if (process.env.BENCH_EXPLAIN_GET_JOB === "1") {
    const q = `explain (analyze, buffers) with j as ( select jobs.job_queue_id, jobs.priority, jobs.run_at, jobs.id from graphile_worker._private_jobs as jobs where jobs.is_available = true and run_at <= now() and task_id = any(array(select id from graphile_worker._private_tasks where identifier <> 'email_send_appointment')) and ( jobs.job_queue_id is null or jobs.job_queue_id in ( select id from graphile_worker._private_job_queues as job_queues where job_queues.is_available = true for update skip locked)) order by priority asc, run_at asc limit 1 for update skip locked) select * from j`;
    const { rows: plan } = await pool.query(q);
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const { rows: jobs } = await pool.query(`select t.identifier, count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id group by 1 order by 2 desc`);
  console.log('jobs left in the queue:', Object.fromEntries(jobs.map((j) => [j.identifier, j.n])), smtp ? `e-mails received: ${smtp.received.length}` : '');
} finally {
  http.close();
  bareHttp?.close();
  await pool.end();
  await server.stop();
  await db.drop();
  await smtp?.close();
}
process.exit(0);
