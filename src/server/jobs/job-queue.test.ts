import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { run, type Runner, type TaskList } from 'graphile-worker';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { unitOfWork } from '../db/unit-of-work.js';
import { createTestDatabase, queryRows } from '../test/test-app.js';
import { enqueueJob, quietJobLogger, wakeJobRunners } from './job-queue.js';

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

async function startRunner(taskList: TaskList, options: { concurrency?: number; maxResetLockedInterval?: number; pollInterval?: number; events?: EventEmitter } = {}): Promise<Runner> {
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
    ...(options.maxResetLockedInterval ? { minResetLockedInterval: 10, maxResetLockedInterval: options.maxResetLockedInterval } : {}),
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
    const idle = new Promise<void>((resolve) => events.once('pool:listen:success', () => events.once('worker:getJob:empty', () => resolve())));
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

  it.runIf(process.env.TEST_DB === 'postgres')('leaves the job of a runner killed mid-job to be tried again', async () => {
    const probe = database.jobPool(1);
    const url = (probe as unknown as { options: { connectionString: string } }).options.connectionString;
    await probe.end();
    await enqueueJob(database.db, 'hang', {});
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./job-runner-child.ts', import.meta.url))], {
      env: { ...process.env, JOB_TEST_DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [started] = (await once(child.stdout, 'data')) as [Buffer];
    expect(started.toString()).toContain('started');
    child.kill('SIGKILL');
    await once(child, 'exit');
    // The dead runner's lock stays on the job and its queue: nobody else takes it meanwhile.
    const [locked] = await waitingJobs();
    expect(locked).toMatchObject({ task: 'hang', attempts: 1 });
    expect(locked.locked_at).not.toBeNull();
    // The library frees a lock held four hours (a runner that died); here that time has passed.
    await database.db.execute(sql`update graphile_worker._private_jobs set locked_at = locked_at - interval '4 hours 1 minute'`);
    const retried = signal<number>();
    await startRunner({ hang: async (_payload, helpers) => retried.resolve(helpers.job.attempts) }, { maxResetLockedInterval: 50 });
    expect(await retried.promise).toBe(2);
  });
});
