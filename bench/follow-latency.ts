// Issue 28: a change's follow-ups, p99 ≤ 1 s after commit, across two app processes. Two app
// processes (src/server/main.ts, each with its job runner) on one PostgreSQL database; customers
// book and cancel through process A only, each with a /ws socket on process B. Per change
// (booked, cancelled), from the moment its request was sent (before its commit, so every figure is
// an upper bound of commit → follow-up):
//   notice  — its notification row is visible to a reader (a 5 ms poll on its own connection);
//   e-mail  — its message is in the outbox (same poll), and received by the SMTP server;
//   push    — the notification reached the customer's socket on process B.
// Which runner follows a change is the queue's choice; B's socket hears it either way through the
// database's LISTEN/NOTIFY (decision 0012).
// Run: npx tsx bench/follow-latency.ts   (FOLLOW_CLIENTS, FOLLOW_CHANGES, PACE_MS; BENCH_DATABASE_URL)
import net from 'node:net';
import pg from 'pg';
import { addDays, minutesToTime } from '../src/contract/time.js';
import { startTestSmtpServer } from '../src/server/features/email/test-smtp-server.js';
import { type ClientSocket, WebSocketClient } from '../src/server/features/live/ws-client.js';
import { createBenchDatabase, percentile, round } from './booking-support.js';
import { FaultApp } from './fault-app.js';
import { newTally, send } from './fault-client.js';
import { buildWorld, World } from './fault-world.js';
import { load } from './latency-support.js';
import { writeResult } from './results.js';

const CLIENTS = Number(process.env.FOLLOW_CLIENTS ?? 8);
const CHANGES = Number(process.env.FOLLOW_CHANGES ?? 400);
// Between one customer's changes: the figure is one change's follow-up, not a backlog's drain.
const PACE_MS = Number(process.env.PACE_MS ?? 100);
const POLL_MS = 5;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Made {
  appointmentId: number;
  sent: number;
  answered: number;
}

const startLoad = load();
const { url, drop } = await createBenchDatabase('follow');
const smtp = await startTestSmtpServer();
const [a, b] = [new FaultApp({ databaseUrl: url, port: await freePort(), smtpUrl: smtp.url }), new FaultApp({ databaseUrl: url, port: await freePort(), smtpUrl: smtp.url })];
const reader = new pg.Client({ connectionString: url });
const sockets: ClientSocket[] = [];
let polling = true;
try {
  await a.start();
  await b.start();
  await reader.connect();
  const tally = newTally();
  const world = new World(() => a.baseUrl, tally);
  await buildWorld(world, 1, CLIENTS, `follow${process.pid}`);
  const shop = world.shops[0];

  // Every customer's socket on process B: notification id → when it arrived.
  const pushedAt = new Map<number, number>();
  const bPort = new URL(b.baseUrl).port;
  for (const customer of world.customers) {
    const socket = new WebSocketClient(`ws://127.0.0.1:${bPort}/ws`, { headers: { origin: b.baseUrl, cookie: customer.cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; notification?: { id: number } };
      if (message.type === 'notification' && message.notification) pushedAt.set(message.notification.id, Date.now());
    });
    sockets.push(socket);
  }

  // When each notification and outbox row became visible to a reader.
  const noticeSeen = new Map<number, number>();
  const outboxSeen = new Map<number, number>();
  const poller = (async () => {
    while (polling) {
      const { rows } = await reader.query<{ t: string; id: number }>(
        `(select 'n' as t, id from notifications where created_at > now() - interval '30 seconds')
         union all (select 'e', id from email_outbox where created_at > now() - interval '30 seconds')`,
      );
      const at = Date.now();
      for (const r of rows) {
        const seen = r.t === 'n' ? noticeSeen : outboxSeen;
        if (!seen.has(r.id)) seen.set(r.id, at);
      }
      await sleep(POLL_MS);
    }
  })();

  // Changes through process A: each customer books a slot, and cancels every other booking.
  const changes: (Made & { kind: 'booked' | 'cancelled' })[] = [];
  // Five-minute visits on the days after tomorrow (the shop is open around the clock), one per booking.
  const slots = [2, 3, 4].flatMap((d) => Array.from({ length: 288 }, (_, i) => ({ date: addDays(world.today, d), time: minutesToTime(i * 5) })));
  await Promise.all(
    world.customers.map(async (customer, c) => {
      let mine = 0;
      while (changes.length < CHANGES && slots.length > 0) {
        const slot = slots.shift()!;
        const body = { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, customerName: 'Bench', customerEmail: customer.email, customerPhone: '(212) 555-0100' };
        const sent = Date.now();
        const res = await send(a.baseUrl, tally, 'POST', '/api/appointments', body, customer.cookie);
        if (res?.status !== 201) continue;
        const appointmentId = res.body.id as number;
        changes.push({ kind: 'booked', appointmentId, sent, answered: Date.now() });
        await sleep(PACE_MS);
        if (mine++ % 2 === c % 2) {
          const cancelSent = Date.now();
          const cancel = await send(a.baseUrl, tally, 'PATCH', `/api/appointments/${appointmentId}`, { status: 'cancelled' }, customer.cookie);
          if (cancel?.status === 200) changes.push({ kind: 'cancelled', appointmentId, sent: cancelSent, answered: Date.now() });
          await sleep(PACE_MS);
        }
      }
    }),
  );
  const endLoad = load();

  // Every change gives its customer one notice, one e-mail and one push: wait for them (at most a minute).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (pushedAt.size < changes.length || smtp.received.length < changes.length)) await sleep(50);
  polling = false;
  await poller;

  // Each appointment's notices and mails, in order, belong to its changes in order.
  const ids = [...new Set(changes.map((c) => c.appointmentId))];
  const customerIds = world.customers.map((c) => c.id);
  const notices = (await reader.query<{ id: number; appointment_id: number }>(
    'select id, appointment_id from notifications where appointment_id = any($1) and user_id = any($2) order by id', [ids, customerIds])).rows;
  const mails = (await reader.query<{ id: number; appointment_id: number }>(
    'select id, appointment_id from email_outbox where appointment_id = any($1) order by id', [ids])).rows;
  const receivedAt = new Map(smtp.received.map((m) => [m.outboxId, m.receivedAt]));
  const byAppointment = <T extends { appointment_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.appointment_id, [...(map.get(r.appointment_id) ?? []), r]);
    return map;
  };
  const noticesOf = byAppointment(notices);
  const mailsOf = byAppointment(mails);
  // From the request sent (before the commit: an upper bound) and from its answer (after it: a lower bound).
  const lat = { notice: [] as number[], push: [] as number[], outbox: [] as number[], smtp: [] as number[], request: [] as number[] };
  const afterAnswer = { notice: [] as number[], push: [] as number[], outbox: [] as number[], smtp: [] as number[] };
  let missing = 0;
  const nth = new Map<number, number>();
  for (const change of [...changes].sort((x, y) => x.sent - y.sent)) {
    const n = nth.get(change.appointmentId) ?? 0;
    nth.set(change.appointmentId, n + 1);
    lat.request.push(change.answered - change.sent);
    const notice = noticesOf.get(change.appointmentId)?.[n];
    const mail = mailsOf.get(change.appointmentId)?.[n];
    const add = (key: keyof typeof afterAnswer, at: number | undefined) => {
      if (at === undefined) return void missing++;
      lat[key].push(at - change.sent);
      afterAnswer[key].push(at - change.answered);
    };
    add('notice', notice && noticeSeen.get(notice.id));
    add('push', notice && pushedAt.get(notice.id));
    add('outbox', mail && outboxSeen.get(mail.id));
    add('smtp', mail && receivedAt.get(mail.id));
  }
  // The database's side: from the change's transaction to its follow transaction (both now() of their
  // transaction), and how many changes were followed a second while changes came in.
  const [db] = (await reader.query<{ p50: number; p99: number; per_second: number }>(
    `select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99,
            count(*) / greatest(extract(epoch from max(f) - min(f)), 1) as per_second
       from (select extract(epoch from f.followed_at - c.occurred_at) * 1000 as ms, f.followed_at as f
               from changes c join changes_followed f on f.change_id = c.id where c.appointment_id = any($1)) x`, [ids])).rows;
  const describe = (xs: number[]) => `p50 ${round(percentile(xs, 50))} ms, p99 ${round(percentile(xs, 99))} ms, max ${round(Math.max(...xs))} ms (n=${xs.length})`;
  const setting = `${changes.length} changes (${changes.filter((c) => c.kind === 'booked').length} bookings, ${changes.filter((c) => c.kind === 'cancelled').length} cancellations) by ${CLIENTS} customers through process A, each waiting ${PACE_MS} ms after an answer; sockets on process B; the figure is from the request sent (an upper bound of commit → follow-up; the request itself took ${describe(lat.request)}); the database's own times, change transaction → follow transaction: p50 ${round(db.p50)} ms, p99 ${round(db.p99)} ms, ${round(db.per_second)} changes followed a second; ${missing} follow-ups missing after a minute; load ${startLoad} at the start, ${endLoad} at the end`;
  const figure = (name: string, key: keyof typeof afterAnswer) => ({
    name, value: round(percentile(lat[key], 99)), unit: 'ms', target: '≤ 1000', met: percentile(lat[key], 99) <= 1000 && missing === 0,
    detail: `from the request: ${describe(lat[key])}; from its answer: ${describe(afterAnswer[key])}; ${setting}`,
  });
  writeResult('follow-latency', [
    figure('change → its notification row visible, p99 (two app processes)', 'notice'),
    figure('change → its e-mail in the outbox, p99 (two app processes)', 'outbox'),
    figure('change → its e-mail received by the SMTP server, p99 (two app processes)', 'smtp'),
    figure('change → its notification pushed on a socket of the other process, p99', 'push'),
  ], { 'every change has its notice, e-mail and push': missing === 0, 'no request failed with a 5xx': tally.serverErrors.length === 0 });
} finally {
  polling = false;
  for (const socket of sockets) socket.terminate();
  await reader.end().catch(() => {});
  await a.stop();
  await b.stop();
  await smtp.close();
  if (process.env.FOLLOW_KEEP_DB) console.log(`kept ${url}`);
  else await drop();
}
