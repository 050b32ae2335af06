import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { run, type Runner, type TaskList } from 'graphile-worker';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { unitOfWork } from '../db/unit-of-work.js';
import { createTestDatabase, queryRows } from '../test/test-app.js';
import { enqueueJob, quietJobLogger, runJobs, wakeJobRunners } from './job-queue.js';

// The job queue (decision 0028) on the database the tests run on: PGlite, and PostgreSQL.

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());

const runners: Runner[] = [];
const pools: { end(): Promise<void> }[] = [];
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  if (database.kind === 'postgres') for (const pool of pools.splice(0)) await pool.end();
  await database.db.execute(sql`delete from graphile_worker._private_jobs`);
});

async function startRunner(taskList: TaskList, options: { concurrency?: number; pollInterval?: number; events?: EventEmitter } = {}): Promise<Runner> {
  const pgPool = database.jobPool((options.concurrency ?? 1) + 2);
  pools.push(pgPool);
  const runner = await run({
    pgPool,
    taskList,
    concurrency: options.concurrency ?? 1,
    pollInterval: options.pollInterval ?? 100,
    ...(options.events ? { events: options.events as never } : {}),
    noHandleSignals: true,
    logger: quietJobLogger,
  });
  runners.push(runner);
  return runner;
}

/** A promise and the function that settles it: a test waits on what a task signals, not on time. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const waitingJobs = () => queryRows<{ task: string; attempts: number; last_error: string | null; run_at: string; locked_at: string | null }>(
  database,
  `select t.identifier as task, j.attempts, j.last_error, j.run_at, j.locked_at from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
);

describe('the job queue', () => {
  it('never runs a job added in a transaction that rolled back', async () => {
    const ran: number[] = [];
    const last = signal();
    await unitOfWork(database.db, async (tx) => {
      await enqueueJob(tx, 'note', { n: 1 });
      await tx.execute(sql`select 1`);
    });
    await expect(
      unitOfWork(database.db, async (tx) => {
        await enqueueJob(tx, 'note', { n: 2 });
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    await enqueueJob(database.db, 'note', { n: 3 });
    await startRunner({
      note: async (payload) => {
        ran.push((payload as { n: number }).n);
        if ((payload as { n: number }).n === 3) last.resolve();
      },
    });
    await last.promise;
    await expect.poll(async () => (await waitingJobs()).length).toBe(0);
    expect(ran).toEqual([1, 3]);
  });

  it('adds a job from SQL, in the transaction of the statement that calls it', async () => {
    const done = signal<unknown>();
    await database.db.execute(sql`select graphile_worker.add_job('from_sql', json_build_object('id', 7))`);
    await startRunner({ from_sql: async (payload) => done.resolve(payload) });
    expect(await done.promise).toEqual({ id: 7 });
  });

  // A booking's follow-up is added without add_job's NOTIFY (que_add_job_unannounced): a notifying
  // transaction holds PostgreSQL's notify lock through its commit's flush, one at a time.
  it('runs a job added without a notice once the runners are woken after its commit, and keeps one waiting job per key', async () => {
    const ran: number[] = [];
    const done = signal();
    // A poll an hour away: once it is listening and has found nothing, only a wake-up starts a job.
    const events = new EventEmitter();
    // Both, in either order: a busy machine may finish the worker's first look before the LISTEN is up.
    const idle = Promise.all([new Promise((resolve) => events.once('pool:listen:success', resolve)), new Promise((resolve) => events.once('worker:getJob:empty', resolve))]);
    await startRunner({ quiet: async (payload) => { ran.push((payload as { n: number }).n); if (ran.length === 2) done.resolve(); } }, { pollInterval: 3_600_000, events });
    await idle;
    await unitOfWork(database.db, async (tx) => {
      await tx.execute(sql`select que_add_job_unannounced('quiet', json_build_object('n', 1), 'quiet:1', null, 'quiet:key', false)`);
      await tx.execute(sql`select que_add_job_unannounced('quiet', json_build_object('n', 2), 'quiet:1', null, 'quiet:key', false)`);
      await tx.execute(sql`select que_add_job_unannounced('quiet', json_build_object('n', 3), null, null, null, false)`);
    });
    await expect(
      unitOfWork(database.db, async (tx) => {
        await tx.execute(sql`select que_add_job_unannounced('quiet', json_build_object('n', 4), null, null, null, false)`);
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    // the same key replaced the waiting job's payload: two jobs wait, neither has run
    expect((await waitingJobs()).map((j) => [j.task, j.locked_at])).toEqual([['quiet', null], ['quiet', null]]);
    expect(ran).toEqual([]);
    await wakeJobRunners(database.db);
    await done.promise;
    expect(ran.sort()).toEqual([2, 3]);
  });

  it('tries a failed job again after a backoff that grows with its attempts', async () => {
    const attempts: number[] = [];
    const second = signal();
    await startRunner({
      flaky: async (_payload, helpers) => {
        attempts.push(helpers.job.attempts);
        if (helpers.job.attempts === 1) throw new Error('the mail server said 451');
        second.resolve();
      },
    });
    const before = Date.now();
    await enqueueJob(database.db, 'flaky', {});
    await expect.poll(async () => (await waitingJobs())[0]?.last_error ?? null).toBe('the mail server said 451');
    const [failed] = await waitingJobs();
    expect(failed.attempts).toBe(1);
    // exp(1) seconds after the first failure (the library's backoff: exp(min(attempts, 10)) s).
    const delay = new Date(failed.run_at).getTime() - before;
    expect(delay).toBeGreaterThan(2_000);
    expect(delay).toBeLessThan(2_718 + 5_000);
    expect(attempts).toEqual([1]);
    await second.promise;
    expect(attempts).toEqual([1, 2]);
  });

  it('runs a scheduled job at its time, not before', async () => {
    const ran = signal<number>();
    await startRunner({ later: async () => ran.resolve(Date.now()) });
    const runAt = new Date(Date.now() + 1_500);
    await enqueueJob(database.db, 'later', {}, { runAt });
    expect(await ran.promise).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it('runs each job once with two runners taking jobs at the same time', async () => {
    const runs = new Map<number, number>();
    const all = signal();
    const JOBS = 40;
    const task = async (payload: unknown) => {
      const n = (payload as { n: number }).n;
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
      if (runs.size === JOBS) all.resolve();
    };
    await startRunner({ count: task }, { concurrency: 3 });
    await startRunner({ count: task }, { concurrency: 3 });
    await Promise.all(Array.from({ length: JOBS }, (_, n) => enqueueJob(database.db, 'count', { n })));
    await all.promise;
    await expect.poll(async () => (await waitingJobs()).length).toBe(0);
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
    expect(runs.size).toBe(JOBS);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('runs the job of a runner killed mid-job again on a live runner, promptly and once in effect', async () => {
    const DEAD_AFTER_MS = 1_500;
    const probe = database.jobPool(1);
    const url = (probe as unknown as { options: { connectionString: string } }).options.connectionString;
    await probe.end();
    // A processor's calls, and what they did: a keyed call does its effect once, as Stripe's idempotency keys do.
    await database.db.execute(sql`create table job_test_calls (key text not null, runner text not null)`);
    await database.db.execute(sql`create table job_test_effects (key text primary key)`);
    const charge = async (key: string, runner: string) => {
      await database.db.execute(sql`insert into job_test_calls (key, runner) values (${key}, ${runner})`);
      await database.db.execute(sql`insert into job_test_effects (key) values (${key}) on conflict do nothing`);
    };
    const finished = signal<number>();
    const survivor = {
      charge: async (payload: unknown, helpers: { job: { attempts: number } }) => {
        await charge((payload as { key: string }).key, 'survivor');
        finished.resolve(helpers.job.attempts);
      },
    };
    // The doomed runner, alone: it takes the job and makes the call.
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./job-runner-child.ts', import.meta.url))], {
      env: { ...process.env, JOB_TEST_DATABASE_URL: url, JOB_TEST_DEAD_AFTER_MS: String(DEAD_AFTER_MS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await enqueueJob(database.db, 'charge', { key: 'que-action-1-capture' });
    const [charged] = (await once(child.stdout, 'data')) as [Buffer];
    expect(charged.toString()).toContain('charged');
    // A live runner, beating; the dead one's lock holds it off the job until it is freed.
    const pgPool = database.jobPool(3);
    pools.push(pgPool);
    runners.push(await runJobs(pgPool, { tasks: survivor }, { concurrency: 1, pollIntervalMs: 100, deadAfterMs: DEAD_AFTER_MS, logger: quietJobLogger }));
    child.kill('SIGKILL');
    await once(child, 'exit');
    const killedAt = Date.now();
    expect(await finished.promise).toBe(2);
    const tookMs = Date.now() - killedAt;
    // Freed once the dead runner's lock is DEAD_AFTER_MS old and a live runner's beat (every third of
    // it) sees that, then taken at the next poll: well inside twice the limit, not four hours.
    expect(tookMs).toBeLessThan(2 * DEAD_AFTER_MS + 1_000);
    await expect.poll(async () => (await waitingJobs()).length).toBe(0);
    expect(await queryRows(database, `select runner from job_test_calls order by runner`)).toEqual([{ runner: 'child' }, { runner: 'survivor' }]);
    expect(await queryRows(database, `select key from job_test_effects`)).toEqual([{ key: 'que-action-1-capture' }]);
    await database.db.execute(sql`drop table job_test_calls, job_test_effects`);
  });

  it('never frees the job of a runner that is alive, however long the job takes', async () => {
    const DEAD_AFTER_MS = 600;
    const started = signal();
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let runs = 0;
    const pgPool = database.jobPool(3);
    pools.push(pgPool);
    const task = async () => {
      runs++;
      started.resolve();
      await released;
    };
    runners.push(await runJobs(pgPool, { tasks: { slow: task } }, { concurrency: 1, pollIntervalMs: 100, deadAfterMs: DEAD_AFTER_MS, logger: quietJobLogger }));
    const other = database.jobPool(3);
    pools.push(other);
    runners.push(await runJobs(other, { tasks: { slow: task } }, { concurrency: 1, pollIntervalMs: 100, deadAfterMs: DEAD_AFTER_MS, logger: quietJobLogger }));
    await enqueueJob(database.db, 'slow', {});
    await started.promise;
    // Three times the limit, measured by the lock's own age: the other runner's beats came and went.
    await expect.poll(async () => (await queryRows<{ age: number }>(database, `select (extract(epoch from now() - locked_at) * 1000)::float8 as age from graphile_worker._private_jobs`))[0]?.age ?? 0, { timeout: 10_000, interval: 100 }).toBeGreaterThan(3 * DEAD_AFTER_MS);
    expect((await waitingJobs())[0].locked_at).not.toBeNull();
    release();
    await expect.poll(async () => (await waitingJobs()).length).toBe(0);
    expect(runs).toBe(1);
  });
});
