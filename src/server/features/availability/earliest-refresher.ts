import type { FastifyInstance } from 'fastify';
import { refreshStaleEarliest } from './earliest.repository.js';

/** Often enough that most rows made stale by time passing (a first start beginning) are redone before a reader asks. */
export const EARLIEST_REFRESH_EVERY_MS = 10_000;

/**
 * Keeps earliest_free_starts fresh in the background, so GET /api/earliest-appointments rarely pays
 * for recomputing: right after start-up (a table that is cold after a deploy fills here, in bounded
 * statements, not in a customer's request) and then every EARLIEST_REFRESH_EVERY_MS. Readers stay
 * correct without it (decision 15): a row is never used past its version or its first start.
 */
export function startEarliestRefresher(app: FastifyInstance, everyMs = EARLIEST_REFRESH_EVERY_MS) {
  let running: Promise<void> | null = null;
  let closing = false;
  const tick = () => {
    if (running || closing) return;
    running = (async () => {
      try {
        while (!closing && (await refreshStaleEarliest(app.db, new Date())).more);
      } catch (error) {
        app.log.warn({ err: error }, 'earliest refresh failed; it will run again');
      } finally {
        running = null;
      }
    })();
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    // the database closes after the app: let a statement under way finish first
    await running;
  });
}
