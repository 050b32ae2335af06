import { sql } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createTestDatabase, queryRows } from '../../test/test-app.js';
import { changeTasks, FOLLOW_CHANGES } from './index.js';

// A change recorded while its shard's follow job runs (decision 0039; PostgreSQL only: PGlite is one
// connection). A recording that finds the shard's job waiting or under way writes no job; if the job
// then followed what had committed and finished, the change would be left with no job. The recording
// holds the shard's advisory lock shared until it commits; before it ends, the job tries to take it
// exclusively (que_follow_changes_next): taken, it sees every recording before it; not taken, it runs
// again at once. Both orders are steered: the recording held open while the job ends (the job does
// not wait, it runs again), and the job's last look held open while the recording waits on the lock.

const SHARD = 9;
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  if (process.env.TEST_DB !== 'postgres') return;
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

const waitingForLocks = async () =>
  (await queryRows<{ n: number }>(database, `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0].n;
const waitingJobs = () =>
  queryRows<{ due: boolean }>(database, `select run_at <= now() as due from graphile_worker._private_jobs where key = 'changes:${SHARD}' and locked_at is null`);
const followed = (tasks: ReturnType<typeof changeTasks>) => (tasks[FOLLOW_CHANGES] as (payload: unknown, helpers: JobHelpers) => Promise<void>)({ shard: SHARD }, {} as JobHelpers);

describe.runIf(process.env.TEST_DB === 'postgres')("a change recorded while its shard's follow job runs", () => {
  it.each([['the recording'], ['the job']])('is left with a job that follows it when %s goes first', async (first) => {
    await database.db.execute(sql`delete from graphile_worker._private_jobs`);
    await database.db.execute(sql`delete from changes_unfollowed`);
    // The shard's job, waiting and due: a recording finds it and writes none.
    await database.db.execute(sql`select que_add_job_unannounced('follow_changes', ${JSON.stringify({ shard: SHARD })}::json, ${`changes:${SHARD}`}, now(), ${`changes:${SHARD}`}, true)`);
    const [{ n: jobsBefore }] = await queryRows<{ n: number }>(database, `select count(*)::int as n from graphile_worker._private_jobs`);
    const seen: number[] = [];
    const tasks = changeTasks(database.db, [async (_tx, change) => { seen.push(change.id); }]);
    // A runner takes the job (the job's own part runs below, as the task does).
    const takeJob = () => database.db.execute(sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'race' where key = ${`changes:${SHARD}`}`);
    const record = async (tx: Parameters<Parameters<typeof unitOfWork>[1]>[0]) => {
      const [row] = (await tx.execute(sql`select que_record_change_quietly('booked', ${SHARD + 16 * 3}, null, ${SHARD + 16 * 5}, 3, '{}') as id`) as unknown as { rows: { id: string }[] }).rows;
      return Number(row.id);
    };

    let started!: () => void;
    let release!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let changeId = 0;
    let a: Promise<unknown>;
    if (first === 'the recording') {
      a = unitOfWork(database.db, async (tx) => {
        changeId = await record(tx);
        started();
        await released;
      });
      await firstStarted;
      // It wrote no job: the waiting one would do.
      expect((await queryRows<{ n: number }>(database, `select count(*)::int as n from graphile_worker._private_jobs`))[0].n).toBe(jobsBefore);
      await takeJob();
      // The job follows nothing yet and, the recording in flight, makes itself due again without waiting for it.
      await followed(tasks);
      expect(await waitingJobs()).toEqual([{ due: true }]);
      release();
      await a;
    } else {
      await takeJob();
      a = unitOfWork(database.db, async (tx) => {
        await tx.execute(sql`select que_follow_changes_next(${SHARD}::int)`);
        started();
        await released;
      });
      await firstStarted;
      const b = unitOfWork(database.db, async (tx) => { changeId = await record(tx); });
      // The recording waits on the lock the job's last look holds.
      await expect.poll(waitingForLocks, { timeout: 10_000 }).toBeGreaterThan(0);
      release();
      await Promise.all([a, b]);
    }
    expect(seen).toEqual([]);
    expect(await waitingJobs()).toEqual([{ due: true }]);
    // The runner finishes the job it took; the one waiting follows the change.
    await database.db.execute(sql`delete from graphile_worker._private_jobs where locked_by = 'race'`);
    await followed(tasks);
    expect(seen).toEqual([changeId]);
  });
});
