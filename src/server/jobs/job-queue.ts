import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Job, type JobHelpers, Logger, type LogLevel, parseCronItems, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { Pool } from 'pg';
import type { Db } from '../db/client.js';
import { cachedSql } from '../db/prepared.js';
import { isTransaction } from '../db/unit-of-work.js';
import { keepRunnerAlive } from './runner-liveness.js';

// The one job queue (decision 0028): graphile-worker, on PostgreSQL and on PGlite. Features name
// their tasks and hand them to the composition through their index.ts; a job is added in the
// transaction of the change it follows, from TypeScript (enqueueJob) or from SQL
// (graphile_worker.add_job), so it exists exactly when the change committed.

export type { Job, JobHelpers };
/** A feature's tasks: name → what runs one job (throwing asks for a retry, with the library's backoff). */
export type JobTasks = TaskList;

/**
 * A task run on a schedule (graphile-worker's crontab): once per matching minute across every
 * runner, whichever takes it. For sweeps that are a safety net or are periodic by nature.
 */
export interface RecurringJob {
  task: string;
  /** A cron pattern in UTC, e.g. `*\/10 * * * *`. */
  match: string;
  /** The key of its one waiting job (default `recurring:<task>`): a task that also schedules itself gives its own. */
  jobKey?: string;
}

/** What a feature gives the runner: its tasks, and which of them recur. */
export interface JobFeature {
  tasks: JobTasks;
  recurring?: RecurringJob[];
}

/** The features' tasks and schedules as one. */
export function combineJobFeatures(features: JobFeature[]): Required<JobFeature> {
  return {
    tasks: Object.assign({}, ...features.map((f) => f.tasks)) as JobTasks,
    recurring: features.flatMap((f) => f.recurring ?? []),
  };
}

export interface EnqueueOptions {
  /** Jobs of one queue run one at a time, in the order they became due (e.g. one appointment's mail). */
  queueName?: string;
  /** At most one waiting job per key: adding again replaces its payload and time. */
  jobKey?: string;
  /** Not before then (scheduled work: an offer's expiry). */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job on `db`: inside a unit of work it is part of that transaction (a rollback takes it
 * back), outside one it is its own statement. The same SQL function triggers and PL/pgSQL call.
 */
export async function enqueueJob(db: Db, task: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    identifier => ${task}::text,
    payload => ${JSON.stringify(payload)}::json,
    queue_name => ${options.queueName ?? null}::text,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? null}::int,
    job_key => ${options.jobKey ?? null}::text)`);
}

// The runners' wake-up: the NOTIFY graphile_worker.add_job sends, for jobs added without it
// (que_add_job_unannounced). After a commit it goes in a transaction of its own that does not wait
// for the disk: it writes nothing a crash could lose (a job whose wake-up is lost is found by the
// runners' next poll), and PostgreSQL's notify lock is held for microseconds instead of a flush.
const wakeAfterCommit = cachedSql(
  'que_jobs_wake',
  sql`select set_config('synchronous_commit', 'off', true), pg_notify('jobs:insert', json_build_object('count', ${sql.placeholder('count')}::int)::text)`,
);
const wakeInTransaction = cachedSql('que_jobs_wake_in_transaction', sql`select pg_notify('jobs:insert', json_build_object('count', ${sql.placeholder('count')}::int)::text)`);
const pendingWakes = new WeakMap<Db, { count: number; sent: Promise<void> }>();

/**
 * Tells the runners (in every process) that jobs were added without announcing themselves
 * (que_add_job_unannounced, a booking's follow-up). On the pool, `db`'s change has committed: the
 * wake-ups of every request that committed meanwhile go out together after the current tick, in
 * one statement. Inside a transaction the wake-up goes out when it commits, as add_job's does. Best
 * effort: a failure is reported to onError, never thrown (the runners poll as well).
 */
export function wakeJobRunners(db: Db, count = 1, onError: (error: unknown) => void = () => {}): Promise<void> {
  if (isTransaction(db)) return wakeInTransaction(db, { count }).then(() => undefined, onError);
  const pending = pendingWakes.get(db);
  if (pending) {
    pending.count += count;
    return pending.sent;
  }
  const next = { count, sent: Promise.resolve() };
  next.sent = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => {
      pendingWakes.delete(db);
      return wakeAfterCommit(db, { count: next.count });
    })
    .then(() => undefined, onError);
  pendingWakes.set(db, next);
  return next.sent;
}

/** graphile-worker's log lines through the app's logger (debug lines are dropped: one per job). */
export function jobLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level: LogLevel, message: string, meta?: unknown) => {
    const fields = { ...scope, ...(meta as object | undefined) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else if (level === 'info') log.info(fields, message);
  });
}

/** Errors only, on stderr: for runners outside the app (migrations, a test's child process). */
export const quietJobLogger = new Logger(() => (level: LogLevel, message: string) => {
  if (level === 'error') console.error(`job queue: ${message}`);
});

export interface RunnerOptions {
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How often a runner looks for due jobs that no notification announced (scheduled ones, retries). */
  pollIntervalMs?: number;
  /** A runner silent this long is taken for dead and its jobs are freed for the others (runner-liveness.ts). */
  deadAfterMs: number;
  /** After the runner has stopped, when the app closes (e.g. an SMTP connection the tasks used). */
  afterStop?: () => void;
}

/**
 * One runner on `pgPool` (the app's, or a test child's): its tasks, its recurring jobs, and the
 * liveness beat that lets other runners take over its jobs if this process is killed.
 */
export async function runJobs(
  pgPool: Pool,
  feature: JobFeature,
  options: Omit<RunnerOptions, 'afterStop'> & { logger: Logger; log?: FastifyBaseLogger },
): Promise<Runner> {
  const events = new EventEmitter() as WorkerEvents;
  const liveness = keepRunnerAlive(pgPool, events, {
    deadAfterMs: options.deadAfterMs,
    onError: (err) => options.log?.warn({ err }, 'job runner beat failed; it will beat again'),
    onFreed: (workerIds) => options.log?.warn({ workerIds }, 'freed the jobs of job runners that stopped beating'),
  });
  const recurring = (feature.recurring ?? []).map(({ task, match, jobKey }) => ({
    task,
    match,
    identifier: task,
    // One waiting run at most: a schedule that nobody runs for a while does not pile up.
    options: { backfillPeriod: 0, jobKey: jobKey ?? `recurring:${task}`, jobKeyMode: 'preserve_run_at' as const },
  }));
  try {
    const runner = await run({
      pgPool,
      taskList: feature.tasks,
      parsedCronItems: parseCronItems(recurring),
      concurrency: options.concurrency,
      pollInterval: options.pollIntervalMs ?? 1000,
      noHandleSignals: true,
      logger: options.logger,
      events,
    });
    // A runner that stops of itself (a fatal error) beats no more either.
    events.on('stop', () => void liveness.stop());
    const stop = runner.stop.bind(runner);
    runner.stop = async () => {
      await stop();
      await liveness.stop();
    };
    return runner;
  } catch (error) {
    await liveness.stop();
    throw error;
  }
}

/**
 * Runs the app's tasks while the app runs, in any number of processes: a job is taken by one
 * runner (FOR UPDATE SKIP LOCKED) and announced by NOTIFY, so it starts at once. Closing the app
 * lets jobs under way finish before the database closes.
 */
export function startJobRunner(app: FastifyInstance, feature: JobFeature, options: RunnerOptions): void {
  if (Object.keys(feature.tasks).length === 0) return;
  let runner: Runner | undefined;
  const pgPool = app.database.jobPool(options.concurrency + 2);
  app.addHook('onReady', async () => {
    runner = await runJobs(pgPool, feature, { ...options, logger: jobLogger(app.log), log: app.log });
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
    if (app.database.kind === 'postgres') await pgPool.end();
    options.afterStop?.();
  });
}
