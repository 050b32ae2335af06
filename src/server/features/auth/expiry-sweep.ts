import type { Db } from '../../db/client.js';
import type { JobFeature } from '../../jobs/job-queue.js';
import { deleteEndedWindows } from './login-attempts.repository.js';
import { deleteExpiredSessions } from './sessions.repository.js';

/** The recurring job that deletes what has expired. */
export const EXPIRY_SWEEP_JOB = 'auth_expiry_sweep';

/** Deletes expired sessions and ended login-count windows: rows that no longer mean anything. */
export async function sweepExpired(db: Db) {
  await deleteExpiredSessions(db);
  await deleteEndedWindows(db);
}

/** The auth feature's job (app.ts): the sweep every ten minutes, by one runner of any number. */
export function authJobs(db: Db): JobFeature {
  return {
    tasks: { [EXPIRY_SWEEP_JOB]: async () => sweepExpired(db) },
    recurring: [{ task: EXPIRY_SWEEP_JOB, match: '*/10 * * * *' }],
  };
}
