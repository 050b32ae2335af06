import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import { queryRows } from '../test/test-app.js';
import { type JobFeature, quietJobLogger, runJobs } from './job-queue.js';

// Tests that wait for jobs: on the queue's own state (no job of the tasks left due), not on time.

/** Jobs of `tasks` that are due or running (a retry scheduled later is not). */
export async function dueJobs(database: Database, tasks: string[]): Promise<number> {
  const list = tasks.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ');
  const [row] = await queryRows<{ n: number }>(
    database,
    `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier in (${list}) and j.attempts < j.max_attempts and (j.run_at <= now() or j.locked_at is not null)`,
  );
  return Number(row.n);
}

/** Waits until the runners have done every due job of `tasks` (the app's own runner, or one of runJobsNow). */
export async function jobsDone(database: Database, tasks: string[]): Promise<void> {
  await expect.poll(() => dueJobs(database, tasks), { timeout: 20_000, interval: 20 }).toBe(0);
}

/**
 * Runs the due jobs of the feature's tasks on `runners` runners of their own (`concurrency` jobs
 * each), until none is due, then stops them: for tests whose app runs no such tasks.
 */
export async function runJobsNow(database: Database, feature: JobFeature, options: { runners?: number; concurrency?: number } = {}): Promise<void> {
  const concurrency = options.concurrency ?? 1;
  const started = await Promise.all(
    Array.from({ length: options.runners ?? 1 }, async () => {
      const pool = database.jobPool(concurrency + 2);
      const runner = await runJobs(pool, { tasks: feature.tasks }, { concurrency, pollIntervalMs: 50, deadAfterMs: 30_000, logger: quietJobLogger });
      return { pool, runner };
    }),
  );
  try {
    await jobsDone(database, Object.keys(feature.tasks));
  } finally {
    for (const { pool, runner } of started) {
      await runner.stop();
      if (database.kind === 'postgres') await pool.end();
    }
  }
}
