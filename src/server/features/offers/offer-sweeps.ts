import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import { runInBackground } from '../../plugins/background-loop.js';
import { expireOffer } from './end-offer.js';
import * as offersRepository from './offers.repository.js';

const BATCH = 50;

/**
 * Ends offers past their expiry, a batch at a time. Rows are claimed with SKIP LOCKED, so any
 * number of app processes can sweep together without taking the same offer; running it again
 * finds nothing left to do.
 */
export async function expireDueOffers(db: Db): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const due = await offersRepository.claimExpiredOffers(tx, BATCH);
    for (const offer of due) await expireOffer(tx, offer.id, offer.fromUserId);
    return due.length;
  });
}

const callSettleDue = sqlFunction(
  'que_offers_settle_due',
  sql`select que_offers_settle_due(${sql.placeholder('limit')}::int) as settled`,
  z.object({ settled: z.number().int() }),
);

/**
 * Settles accepted offers whose appointments are done (normally settled at completion or
 * cancellation; this catches any left), a batch in one call (que_offers_settle_due).
 */
export async function settleDueOffers(db: Db): Promise<number> {
  return (await singleStatement(db, () => callSettleDue(db, { limit: BATCH }))).settled;
}

/** Runs both sweeps every few seconds in this process, in batches until none is left. */
export function startOfferSweeps(app: FastifyInstance, everyMs = 5000) {
  runInBackground(app, {
    name: 'offer sweep',
    everyMs,
    round: async (open) => {
      while (open() && (await expireDueOffers(app.db)) === BATCH);
      while (open() && (await settleDueOffers(app.db)) === BATCH);
    },
  });
}
