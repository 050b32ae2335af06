import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { enqueueJob, type JobFeature, type JobTasks } from '../../jobs/job-queue.js';
import { refreshStaleEarliest } from './earliest.repository.js';

/** Often enough that most rows made stale by time passing (a first start beginning) are redone before a reader asks. */
export const EARLIEST_REFRESH_EVERY_MS = 10_000;

export const EARLIEST_REFRESH = 'earliest_refresh';
// One waiting refresh at a time, in every process together (the job queue's job_key).
const ONE_REFRESH = 'earliest:refresh';

/**
 * Keeps earliest_free_starts fresh ahead of readers, so GET /api/earliest-appointments rarely pays
 * for recomputing: a job of the one job queue (decision 0028) that recomputes every stale row, in
 * bounded statements, and first schedules its own next run EARLIEST_REFRESH_EVERY_MS on (so a
 * failed or killed run leaves the next one waiting). Readers stay correct without it (decision 15):
 * a row is never used past its version or its first start. Two runs at once (a run longer than the
 * interval) redo each row once: refreshStaleEarliest lets one process refresh at a time.
 */
export function earliestTasks(db: Db, everyMs = EARLIEST_REFRESH_EVERY_MS): JobTasks {
  return {
    [EARLIEST_REFRESH]: async (_payload, helpers) => {
      await helpers.addJob(EARLIEST_REFRESH, {}, { jobKey: ONE_REFRESH, runAt: new Date(Date.now() + everyMs) });
      // A failed run is logged, not thrown: its next run is already waiting, and adding that one under
      // the same job key took this job's retries away (graphile-worker does so for a running job), so
      // a thrown error would only leave a job failed for good in the queue (seen in the fault test,
      // a dropped connection during a refresh, 2026-12-06).
      try {
        while (!helpers.abortSignal?.aborted && (await refreshStaleEarliest(db, new Date())).more);
      } catch (error) {
        helpers.logger.error(`earliest refresh failed; the next run is due in ${everyMs} ms: ${String(error)}`);
      }
    },
  };
}

/**
 * The refresh as the runner takes it: every minute the queue's scheduler adds a refresh unless one
 * is waiting (the same job key; preserve_run_at keeps the waiting one's time), which restarts the
 * chain if the runner that held it was killed.
 */
export function earliestJobs(db: Db): JobFeature {
  return { tasks: earliestTasks(db), recurring: [{ task: EARLIEST_REFRESH, match: '* * * * *', jobKey: ONE_REFRESH }] };
}

/** Runs a refresh as soon as the app is ready: a table that is cold after a deploy fills here, not in a customer's request. */
export function startEarliestRefresher(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    await enqueueJob(app.db, EARLIEST_REFRESH, {}, { jobKey: ONE_REFRESH });
  });
}
