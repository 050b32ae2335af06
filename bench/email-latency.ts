// E-mail follow-up latency: from a booking's 201 (its transaction committed) until the SMTP server
// has the confirmation, with two app processes (src/server/main.ts) sending to one database.
// Run: npx tsx bench/email-latency.ts [bookings]   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
// Decision 0028: e-mail moved from a one-second polling worker to jobs a NOTIFY announces.
import { loadavg } from 'node:os';
import pg from 'pg';
import { newTally, send } from './fault-client.js';
import { buildWorld, World } from './fault-world.js';
import { stats } from './latency-support.js';
import { writeResult } from './results.js';
import { twoAppProcesses } from './two-app-processes.js';

const BOOKINGS = Number(process.argv[2] ?? 200);
const CLIENTS = 4;
// Between one customer's bookings: the figure is the follow-up of one change, not a backlog's drain.
const PACE_MS = Number(process.env.PACE_MS ?? 250);

const { databaseUrl, apps, smtp, close } = await twoAppProcesses('email');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
try {
  await apps[0].start();
  await apps[1].start();
  const tally = newTally();
  let turn = 0;
  const world = new World(() => apps[turn++ % 2].baseUrl, tally);
  await buildWorld(world, 1, CLIENTS, `mail${process.pid}`);
  const committedAt = new Map<number, number>();
  const slots = [...world.slots];
  let next = 0;
  // CLIENTS customers book distinct slots one after another, each on the process whose turn it is.
  await Promise.all(
    world.customers.map(async (customer) => {
      while (committedAt.size < BOOKINGS && next < slots.length) {
        const slot = slots[next++];
        const body = { businessId: world.shops[0].businessId, serviceId: world.shops[0].serviceId, ...slot, customerName: 'Bench', customerEmail: customer.email, customerPhone: '(212) 555-0100' };
        const res = await send(apps[turn++ % 2].baseUrl, tally, 'POST', '/api/appointments', body, customer.cookie);
        if (res?.status === 201) committedAt.set(res.body.id as number, Date.now());
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
    }),
  );
  const deadline = Date.now() + 120_000;
  const outboxOf = async () => new Map((await pool.query<{ id: number; appointment_id: number }>('select id, appointment_id from email_outbox')).rows.map((r) => [r.id, r.appointment_id]));
  let appointmentOf = await outboxOf();
  while (smtp.received.length < committedAt.size && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  appointmentOf = await outboxOf();
  const latencies = smtp.received.map((m) => m.receivedAt - committedAt.get(appointmentOf.get(m.outboxId)!)!).filter((ms) => Number.isFinite(ms));
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))];
  console.log(`e-mail after commit, two processes: ${stats(latencies)}; ${smtp.received.length} of ${committedAt.size} received`);
  writeResult('email-latency', [
    {
      name: 'e-mail follow-up after commit, p99 (two app processes)',
      value: p99,
      unit: 'ms',
      detail: `${stats(latencies)}; ${smtp.received.length} of ${committedAt.size} confirmations received; ${CLIENTS} customers booking in turn on both processes, each every ${PACE_MS} ms after its last answer; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    },
  ]);
} finally {
  await pool.end();
  await close();
}
