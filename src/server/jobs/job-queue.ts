import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Job, type JobHelpers, Logger, type LogLevel, run, type Runner, type TaskList } from 'graphile-worker';
import type { Db } from '../db/client.js';
import { cachedSql } from '../db/prepared.js';
import { isTransaction } from '../db/unit-of-work.js';

// The one job queue (decision 0028): graphile-worker, on PostgreSQL and on PGlite. Features name
// their tasks and hand them to the composition through their index.ts; a job is added in the
// transaction of the change it follows, from TypeScript (enqueueJob) or from SQL
// (graphile_worker.add_job), so it exists exactly when the change committed.

export type { Job, JobHelpers };
/** A feature's tasks: name → what runs one job (throwing asks for a retry, with the library's backoff). */
export type JobTasks = TaskList;

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
  /** After the runner has stopped, when the app closes (e.g. an SMTP connection the tasks used). */
  afterStop?: () => void;
  /** Jobs the queue adds on a schedule (graphile-worker crontab lines, one per line); its tasks must be in the task list. */
  crontab?: string;
}

/**
 * Runs the app's tasks while the app runs, in any number of processes: a job is taken by one
 * runner (FOR UPDATE SKIP LOCKED) and announced by NOTIFY, so it starts at once. Closing the app
 * lets jobs under way finish before the database closes.
 */
export function startJobRunner(app: FastifyInstance, taskList: JobTasks, options: RunnerOptions): void {
  if (Object.keys(taskList).length === 0) return;
  let runner: Runner | undefined;
  const pgPool = app.database.jobPool(options.concurrency + 2);
  app.addHook('onReady', async () => {
    runner = await run({
      pgPool,
      taskList,
      concurrency: options.concurrency,
      pollInterval: options.pollIntervalMs ?? 1000,
      ...(options.crontab ? { crontab: options.crontab } : {}),
      noHandleSignals: true,
      logger: jobLogger(app.log),
    });
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
    if (app.database.kind === 'postgres') await pgPool.end();
    options.afterStop?.();
  });
}
