import type { FastifyInstance } from 'fastify';
import { runInBackground } from '../../plugins/background-loop.js';
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
  runInBackground(app, {
    name: 'earliest refresh',
    everyMs,
    atStart: true,
    round: async (open) => {
      while (open() && (await refreshStaleEarliest(app.db, new Date())).more);
    },
  });
}
