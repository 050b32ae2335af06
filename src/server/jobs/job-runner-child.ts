// A runner in a process of its own, for the test that kills one mid-job (job-queue.test.ts): the
// app's runner (runJobs: liveness beat included), whose 'charge' task makes its keyed call, says so
// on stdout, and never finishes: the process is killed after the effect, before the job is done.
import pg from 'pg';
import { quietJobLogger, runJobs } from './job-queue.js';

const pgPool = new pg.Pool({ connectionString: process.env.JOB_TEST_DATABASE_URL, max: 3 });
await runJobs(
  pgPool,
  {
    tasks: {
      charge: async (payload) => {
        const { key } = payload as { key: string };
        await pgPool.query(`insert into job_test_calls (key, runner) values ($1, 'child')`, [key]);
        await pgPool.query(`insert into job_test_effects (key) values ($1) on conflict do nothing`, [key]);
        process.stdout.write('charged\n');
        await new Promise(() => {});
      },
    },
  },
  { concurrency: 1, pollIntervalMs: 100, deadAfterMs: Number(process.env.JOB_TEST_DEAD_AFTER_MS), logger: quietJobLogger },
);
