import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import { runInBackground } from '../../plugins/background-loop.js';
import { endOffer } from './end-offer.js';
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
    for (const offer of due) await endOffer(tx, offer, 'expired', offer.fromUserId);
    return due.length;
  });
}

const callSettleDue = cachedSql('que_offers_settle_due', sql`select que_offers_settle_due(${sql.placeholder('limit')}::int) as settled`);

/**
 * Settles accepted offers whose appointments are done (normally settled at completion or
 * cancellation; this catches any left), a batch in one call (que_offers_settle_due, migration 0013).
 */
export async function settleDueOffers(db: Db): Promise<number> {
  const result = (await singleStatement(db, () => callSettleDue(db, { limit: BATCH }))) as { rows: { settled: number | string }[] };
  return Number(result.rows[0].settled);
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
