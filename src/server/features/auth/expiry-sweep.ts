import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { runInBackground } from '../../plugins/background-loop.js';
import { deleteEndedWindows } from './login-attempts.repository.js';
import { deleteExpiredSessions } from './sessions.repository.js';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Deletes expired sessions and ended login-count windows: rows that no longer mean anything. */
export async function sweepExpired(db: Db) {
  await deleteExpiredSessions(db);
  await deleteEndedWindows(db);
}

/** Sweeps every ten minutes while the app runs. */
export function scheduleExpirySweep(app: FastifyInstance) {
  runInBackground(app, { name: 'expiry sweep', everyMs: SWEEP_EVERY_MS, round: () => sweepExpired(app.db) });
}
