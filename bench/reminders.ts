// Reminders on time and once (DESIGN section 11, issue 29): N reminders due within one minute, sent by
// the job runners of two app processes (src/server/main.ts) on one PostgreSQL database.
// Run: npx tsx bench/reminders.ts [count]   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
// The appointments are real rows (one booked over HTTP, copied at distinct times); their reminders
// are planned rows and the one `reminders_send` job due with the first (que_reminders_due_by), as
// que_reminders_follow writes them (decision 0038), but with due times spread over one minute (no single offset makes N appointments due in one minute).
// "Sent" is the reminder's move to `sent` with its e-mail in the outbox (que_reminder_send); the
// e-mail then leaves through the outbox's own jobs to a local SMTP server (counted too).
import { loadavg } from 'node:os';
import pg from 'pg';
import { newTally, send } from './fault-client.js';
import { buildWorld, World } from './fault-world.js';
import { writeResult } from './results.js';
import { twoAppProcesses } from './two-app-processes.js';

const COUNT = Number(process.argv[2] ?? 10_000);
const LEAD_SECONDS = 20;

const env = { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY ?? '8' };
const { databaseUrl, apps: [a, b], smtp, close } = await twoAppProcesses('reminders', env);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
try {
  await a.start();
  await b.start();
  const tally = newTally();
  const world = new World(() => a.baseUrl, tally);
  await buildWorld(world, 1, 1, `remind${process.pid}`);
  const shop = world.shops[0];
  const customer = world.customers[0];
  const slot = world.slots[0];
  const booked = await send(a.baseUrl, tally, 'POST', '/api/appointments', { businessId: shop.businessId, serviceId: shop.serviceId, ...slot, customerName: 'Bench', customerEmail: customer.email, customerPhone: '(212) 555-0100' }, customer.cookie);
  if (booked?.status !== 201) throw new Error(`booking failed: ${booked?.status} ${JSON.stringify(booked?.body)}`);
  const template = booked.body.id as number;
  // Copies at distinct hours, starting 30 days ahead (the shop is open around the clock).
  const { rows: columns } = await pool.query<{ column_name: string }>(`select column_name from information_schema.columns
    where table_name = 'appointments' and is_generated = 'NEVER' and column_default is distinct from 'nextval(''appointments_id_seq''::regclass)' and column_name not in ('starts_at', 'ends_at')`);
  const list = columns.map((c) => `"${c.column_name}"`).join(', ');
  await pool.query(`insert into appointments (${list}, starts_at, ends_at)
    select ${list}, a.starts_at + (30 * 24 + g) * interval '1 hour', a.ends_at + (30 * 24 + g) * interval '1 hour'
      from appointments a, generate_series(1, ${COUNT}) g where a.id = ${template}`);
  // Due over one minute from LEAD_SECONDS from now; the send job due with the first, as the planner makes it.
  await pool.query(`insert into reminders (appointment_id, offset_minutes, starts_at, due_at)
    select id, 1440, starts_at, now() + ${LEAD_SECONDS} * interval '1 second' + (row_number() over (order by id) % 60) * interval '1 second' + random() * interval '1 second'
      from appointments where id <> ${template}`);
  await pool.query(`select que_reminders_due_by(min(r.due_at)) from reminders r where r.appointment_id <> ${template}`);
  console.log(`${COUNT} reminders due between ${LEAD_SECONDS} and ${LEAD_SECONDS + 61} s from now`);
  const deadline = Date.now() + (LEAD_SECONDS + 61 + 120) * 1000;
  const waiting = async () => Number((await pool.query(`select count(*) as n from reminders where status = 'planned' and appointment_id <> ${template}`)).rows[0].n);
  while ((await waiting()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1000));
  const { rows: [r] } = await pool.query<{ sent: string; other: string; p50: number; p99: number; max: number; dupes: string; mails: string }>(`
    select count(*) filter (where status = 'sent') as sent, count(*) filter (where status <> 'sent') as other,
           percentile_cont(0.5) within group (order by extract(epoch from settled_at - due_at)) filter (where status = 'sent') as p50,
           percentile_cont(0.99) within group (order by extract(epoch from settled_at - due_at)) filter (where status = 'sent') as p99,
           max(extract(epoch from settled_at - due_at)) filter (where status = 'sent') as max,
           (select count(*) from (select appointment_id from email_outbox where kind = 'reminder' group by 1 having count(*) > 1) d) as dupes,
           (select count(*) from email_outbox where kind = 'reminder') as mails
      from reminders where appointment_id <> ${template}`);
  const smtpDeadline = Date.now() + 120_000;
  while (smtp.received.length < Number(r.mails) && Date.now() < smtpDeadline) await new Promise((resolve) => setTimeout(resolve, 500));
  const line = `${r.sent} of ${COUNT} sent (${r.other} not), late after due: p50 ${Number(r.p50).toFixed(2)} s, p99 ${Number(r.p99).toFixed(2)} s, max ${Number(r.max).toFixed(2)} s; ${r.mails} reminder e-mails written, ${r.dupes} appointments with two; SMTP received ${smtp.received.length} messages (confirmation of the template booking included)`;
  console.log(line);
  writeResult('reminders', [
    { name: 'reminders sent, latest after due (two app processes)', value: Number(Number(r.max).toFixed(2)), unit: 's', target: '≤ 60 s', met: Number(r.max) <= 60 && Number(r.sent) === COUNT && Number(r.dupes) === 0, detail: `${line}; JOB_CONCURRENCY ${env.JOB_CONCURRENCY} per process; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}` },
  ], { 'all sent': Number(r.sent) === COUNT, 'within 60 s of due': Number(r.max) <= 60, 'none twice': Number(r.dupes) === 0 && Number(r.mails) === COUNT });
} finally {
  await pool.end();
  await close();
}
