// Fault injection on PostgreSQL (DESIGN sections 4 and 5, issue 10): clients book, offer, counter,
// accept, decline, cancel and complete over HTTP while the real app process (src/server/main.ts) is
// killed with SIGKILL at random moments and started again, and now and then has all its database
// connections dropped instead (it must recover by itself); then the database must still hold every
// 2xx, sum to zero, have no hold past its deadline, no overlap, no e-mail twice, no half-applied offer,
// and no job lost or stuck: the job runner is killed with the app (mid-job too), and the next one
// takes over its jobs once the dead runner's beat is JOB_RUNNER_DEAD_AFTER_SECONDS old.
// Half the bookings carry an Idempotency-Key; one whose answer was lost is asked again under its key
// and must be answered (replayed, booked afresh or refused), not held as in use after its request died.
//
//   npm run faults                      full run (FAULT_SECONDS=120), writes bench/results/fault-injection.json
//   FAULT_SECONDS=30 npm run faults     shorter; npm test runs a short one (src/server/fault-injection.test.ts)
//   BENCH_DATABASE_URL=postgres://…     the server to create the throw-away database on (default local test)
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startTestSmtpServer } from '../src/server/features/email/test-smtp-server.js';
import { FaultApp } from './fault-app.js';
import { randomStep } from './fault-actions.js';
import {
  changeFollowUpProblems, depositAndHoldProblems, emailProblems, halfAppliedOffers, jobProblems, ledgerProblems, lost2xx, overlaps, reminderProblems, unresolvedHolds,
} from './fault-checks.js';
import { newTally } from './fault-client.js';
import { buildWorld, World } from './fault-world.js';
import { pastVisits, setUpPayments } from './fault-waitlist.js';
import { grantCredit } from './offer-support.js';

export interface FaultOptions {
  adminUrl: string;
  seconds: number;
  clients: number;
  /** Uptime between faults, in ms: a random value in this range. */
  uptimeMs: [number, number];
  /** Every nth fault drops the app's database connections instead of killing it (kill, drop, kill, kill, drop… for 3); 0 = never. */
  dropEvery: number;
  log?: (line: string) => void;
}

export interface FaultResult {
  date: string;
  seconds: number;
  operations: number;
  unanswered: number;
  kills: number;
  /** Times the database dropped every connection of the running app (pg_terminate_backend). */
  connectionDrops: number;
  kept2xx: number;
  /** The 2xx answers by what they did. */
  kept2xxByKind: Record<string, number>;
  /** Keyed bookings whose answer was lost, and what asking again under the key got. */
  keyedRetries: Omit<World['keyed'], 'problems'>;
  byStatus: Record<number, number>;
  emailsSent: number;
  remindersSent: number;
  /** Delivered, then killed before marked sent, and still pending at the end. */
  emailsDeliveredUnmarked: number;
  /** Delivered twice: a kill or a dropped connection between the server's OK and marking it sent, sent again (at-least-once). */
  emailsRepeatedAfterKill: number;
  /** Card actions done on a second or later try: the test processor never fails, so a kill cut the first one short and a later runner finished it (same idempotency key). */
  paymentActionsFinishedAfterKill: number;
  /** Card actions done in all. */
  paymentActionsDone: number;
  /** How long the queue took to drain after the grace (no job due). */
  drainedMs: number;
  /** Change-log rows written, and marked followed, by the end (decision 0029). */
  changes: number;
  changesFollowed: number;
  invariants: Record<string, boolean>;
  problems: string[];
  /** The fresh database, kept for a look when an invariant failed (dropped otherwise). */
  database?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The app's JOB_RUNNER_DEAD_AFTER_SECONDS here: a killed runner's jobs are run again within about this. */
const RUNNER_DEAD_AFTER_SECONDS = 3;
/** The app's JOB_CONCURRENCY (its default): jobs one fault can cut short. */
const JOB_CONCURRENCY = 4;
/** Time for the jobs a kill left locked or due (freed after the above, beats every third of it, a poll). */
const SWEEP_GRACE_SECONDS = 7;
/** After the grace, how long the follow-ups of the last changes (and their e-mail) may take to drain on a loaded machine. */
const DRAIN_LIMIT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function freshDatabase(adminUrl: string) {
  const host = new URL(adminUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`the database must be on this machine, not ${host}`);
  const name = `que_faults_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  // A dropped admin connection surfaces at its next query, not as a crash of the run.
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** Drops it, or only lets go of it when a failed run should be looked at. */
    release: async (keep: boolean) => {
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function runFaultInjection(options: FaultOptions): Promise<FaultResult> {
  const log = options.log ?? (() => {});
  const database = await freshDatabase(options.adminUrl);
  const smtp = await startTestSmtpServer();
  const app = new FaultApp({
    databaseUrl: database.url,
    port: await freePort(),
    smtpUrl: smtp.url,
    env: { JOB_RUNNER_DEAD_AFTER_SECONDS: String(RUNNER_DEAD_AFTER_SECONDS), JOB_CONCURRENCY: String(JOB_CONCURRENCY) },
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle connection dropped by the server is replaced by the pool, not a crash of the run.
  pool.on('error', () => {});
  let keep = false;
  try {
    await app.start();
    const world = new World(() => app.baseUrl, newTally());
    await buildWorld(world, 3, 8, String(Date.now() % 100000));
    await grantCredit(database.url, world.customers.map((c) => c.id), 500_00);
    await setUpPayments(world);
    await pastVisits(world, database.url, 6);
    world.tally = newTally();
    log(`app up; ${options.clients} clients for ${options.seconds} s`);

    const deadline = Date.now() + options.seconds * 1000;
    let connectionDrops = 0;
    const notRecovered: string[] = [];
    let up = true;
    // At least one kill and one drop whatever the clock says: on a loaded machine a restart can take
    // most of a short run, and a run that never faulted proves nothing.
    const going = () => Date.now() < deadline || app.kills < 1 || (options.dropEvery > 0 && connectionDrops < 1);
    const clients = Array.from({ length: options.clients }, async () => {
      while (going()) {
        if (!up) await sleep(50);
        else await randomStep(world);
      }
    });
    const killer = (async () => {
      for (;;) {
        const [lo, hi] = options.uptimeMs;
        await sleep(lo + Math.random() * (hi - lo));
        if (!going()) return;
        // The clock, not a request: some live offer reaches its expiry, and so its expiry job's time,
        // so the expiry jobs have work. SKIP LOCKED: rows the app is changing are passed over, so this
        // never deadlocks with it.
        await pool
          .query(`with due as (update offers set expires_at = now() where id in (
                    select id from offers where status in ('pending', 'negotiating') order by random() limit 2 for update skip locked) returning id)
                  update graphile_worker._private_jobs set run_at = now() where key in (select 'offers:expire:' || id from due) and locked_at is null`)
          .catch((error: unknown) => log(`backdating offers failed (${String(error)}); carrying on`));
        // A waitlist hold reaches its end too (held 5 minutes near the start: longer than a short run).
        await pool
          .query(`with due as (update appointments set held_until = now() where id in (
                    select id from appointments where status = 'held' order by random() limit 1 for update skip locked) returning id)
                  update graphile_worker._private_jobs set run_at = now() where key in (select 'waitlist:hold:' || id from due) and locked_at is null`)
          .catch((error: unknown) => log(`backdating a hold failed (${String(error)}); carrying on`));
        if (options.dropEvery > 0 && (app.kills + connectionDrops) % options.dropEvery === 1) {
          // The database drops the app's connections instead (a failover, pg_terminate_backend): requests
          // under way answer 503 and the same process must carry on by itself.
          await pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name in ('que', 'que-listen')`);
          connectionDrops++;
          log(`connections dropped (${connectionDrops}) after ${world.tally.requests} requests`);
          if (!(await app.healthyWithin(10_000))) notRecovered.push(`the app did not recover by itself after connection drop ${connectionDrops}`);
          continue;
        }
        await app.kill();
        up = false;
        log(`kill ${app.kills} after ${world.tally.requests} requests`);
        await app.start();
        up = true;
      }
    })();
    await Promise.all([...clients, killer]);
    if (app.errorLines.length) log(`the app logged errors:\n${app.errorLines.join('\n')}`);
    if (!app.running) await app.start();
    // Let the surviving process run what the kills left due or locked, then the backlog the load left
    // (a change's follow job adds its e-mail's job): until no job is due, at most DRAIN_LIMIT_MS. A job
    // still due then is reported by the checks as lost or stuck.
    await sleep(SWEEP_GRACE_SECONDS * 1000 + 1000);
    const drainStarted = Date.now();
    while (Date.now() - drainStarted < DRAIN_LIMIT_MS) {
      const [{ due }] = (await pool.query<{ due: number }>(
        'select count(*)::int as due from graphile_worker._private_jobs where run_at <= now() and attempts < max_attempts')).rows;
      if (due === 0) break;
      await sleep(250);
    }
    const drainedMs = Date.now() - drainStarted;
    log(`queue drained ${drainedMs} ms after the grace`);
    await app.stop();

    const email = await emailProblems(pool, smtp.received, (app.kills + connectionDrops) * JOB_CONCURRENCY);
    const [payments] = (
      await pool.query<{ done: number; retried: number }>(
        `select count(*) filter (where status = 'done')::int as done, count(*) filter (where status = 'done' and attempts > 1)::int as retried from payment_actions`,
      )
    ).rows;
    const follow = await changeFollowUpProblems(pool);
    const charges = await depositAndHoldProblems(pool, SWEEP_GRACE_SECONDS);
    const reminders = await reminderProblems(pool);
    const [changeCounts] = (await pool.query<{ changes: number; followed: number }>(
      'select (select count(*) from changes)::int as changes, (select count(*) from changes_followed)::int as followed')).rows;
    const checks: Record<string, string[]> = {
      every2xxKept: await lost2xx(pool, world.kept),
      // the change log (decision 0029): no change left unfollowed once the runners drained (no job lost),
      // none without its notices and e-mail, none followed twice
      noChangeUnfollowed: follow.unfollowed,
      noChangeWithoutFollowUps: follow.missing,
      noFollowUpTwice: follow.twice,
      ledgerSumsToZero: await ledgerProblems(pool),
      noHoldPastDeadline: await unresolvedHolds(pool, SWEEP_GRACE_SECONDS),
      noJobLostOrStuck: await jobProblems(pool, SWEEP_GRACE_SECONDS),
      noOverlap: await overlaps(pool),
      noEmailTwice: email.problems,
      // issue 29: deposits and fees once, no reminder twice, no hold left past its expiry
      noFeeChargedTwice: charges.chargedTwice,
      noReminderSentTwice: reminders.problems,
      noHeldSlotPastExpiry: charges.holds,
      noHalfAppliedOffer: await halfAppliedOffers(pool, world),
      no5xxButUnavailable: world.tally.serverErrors,
      recoversFromDroppedConnections: notRecovered,
      lostKeyedAnswersResolved: world.keyed.problems,
    };
    const problems = Object.values(checks).flat();
    keep = problems.length > 0;
    return {
      date: new Date().toISOString(),
      seconds: options.seconds,
      operations: world.tally.requests,
      unanswered: world.tally.unanswered,
      kills: app.kills,
      connectionDrops,
      kept2xx: world.kept.length,
      kept2xxByKind: world.kept.reduce<Record<string, number>>((acc, p) => {
        const kind = p.kind === 'offerEnded' || p.kind === 'appointmentEnded' ? `${p.kind}:${p.status}` : p.kind;
        return { ...acc, [kind]: (acc[kind] ?? 0) + 1 };
      }, {}),
      keyedRetries: { lost: world.keyed.lost, replayed: world.keyed.replayed, fresh: world.keyed.fresh, refused: world.keyed.refused },
      byStatus: world.tally.byStatus,
      emailsSent: email.sent,
      remindersSent: reminders.sent,
      emailsDeliveredUnmarked: email.unmarked,
      emailsRepeatedAfterKill: email.repeated,
      paymentActionsFinishedAfterKill: payments.retried,
      paymentActionsDone: payments.done,
      drainedMs,
      changes: changeCounts.changes,
      changesFollowed: changeCounts.followed,
      invariants: Object.fromEntries(Object.entries(checks).map(([name, found]) => [name, found.length === 0])),
      problems: problems.slice(0, 50),
      ...(keep ? { database: database.name } : {}),
    };
  } finally {
    await app.stop().catch(() => {});
    await pool.end();
    await smtp.close();
    await database.release(keep);
  }
}

async function main() {
  const result = await runFaultInjection({
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    seconds: Number(process.env.FAULT_SECONDS ?? 120),
    clients: Number(process.env.FAULT_CLIENTS ?? 8),
    uptimeMs: [3000, 8000],
    dropEvery: 3,
    log: (line) => console.log(line),
  });
  const file = fileURLToPath(new URL('./results/fault-injection.json', import.meta.url));
  mkdirSync(fileURLToPath(new URL('./results/', import.meta.url)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  const held = Object.values(result.invariants).every(Boolean);
  console.log(held ? `all invariants held over ${result.kills} kills` : `INVARIANTS BROKEN (database ${result.database} kept for a look)`);
  process.exit(held ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
