// A runner in a process of its own, for the test that kills one mid-job (job-queue.test.ts):
// it takes the 'hang' job, says so on stdout, and never finishes it.
import { run } from 'graphile-worker';
import pg from 'pg';
import { quietJobLogger } from './job-queue.js';

const pgPool = new pg.Pool({ connectionString: process.env.JOB_TEST_DATABASE_URL, max: 3 });
await run({
  pgPool,
  concurrency: 1,
  pollInterval: 100,
  noHandleSignals: true,
  logger: quietJobLogger,
  taskList: {
    hang: async () => {
      process.stdout.write('started\n');
      await new Promise(() => {});
    },
  },
});
