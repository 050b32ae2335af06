import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { deleteEndedWindows } from './login-attempts.repository.js';
import { sweepExpiredSessions } from './sessions.js';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Deletes expired sessions and ended login-count windows: rows that no longer mean anything. */
export async function sweepExpired(db: Db) {
  await sweepExpiredSessions(db);
  await deleteEndedWindows(db);
}

/** Sweeps periodically while the app runs; the timer never keeps the process alive. */
export function scheduleExpirySweep(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = sweepExpired(app.db).catch((err: unknown) => app.log.warn({ err }, 'expiry sweep failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // the database closes after the app: let a sweep under way finish first
    await running;
  });
}
