import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import type { JobFeature } from '../../jobs/job-queue.js';
import { expireOffer } from './end-offer.js';
import * as offersRepository from './offers.repository.js';

/** The job que_offer_create adds for the offer's expires_at (create-offer.sql). */
export const EXPIRE_OFFER_JOB = 'offers_expire';
/** The recurring safety net: offers past their expiry with no job (made before jobs), accepted offers left unsettled. */
export const OFFER_SWEEP_JOB = 'offers_sweep';

const BATCH = 50;

/**
 * The expiry job of one offer, run at its expires_at: ends it if it is still live then (the payer
 * gets every hold back, card authorizations released; both parties are told; a restaurant offer's
 * pending reservation is cancelled). Returns whether it ended it: an offer answered, withdrawn or
 * swept meanwhile is left as it is, so a job run twice ends the offer once.
 */
export async function expireOfferWhenDue(db: Db, offerId: number): Promise<boolean> {
  return unitOfWork(db, async (tx) => {
    const offer = await offersRepository.lockExpiredOffer(tx, offerId);
    if (offer) await expireOffer(tx, offer.id, offer.fromUserId);
    return offer !== undefined;
  });
}

/**
 * Ends offers past their expiry, a batch at a time. Rows are claimed with SKIP LOCKED, so it never
 * waits on an offer its own job is ending; running it again finds nothing left to do.
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

/**
 * The offers feature's jobs (app.ts): each offer's expiry at its time, and once a minute the sweep
 * that catches what no job covers, in batches until none is left.
 */
export function offerJobs(db: Db): JobFeature {
  return {
    tasks: {
      [EXPIRE_OFFER_JOB]: async (payload) => {
        await expireOfferWhenDue(db, (payload as { offerId: number }).offerId);
      },
      [OFFER_SWEEP_JOB]: async () => {
        while ((await expireDueOffers(db)) === BATCH);
        while ((await settleDueOffers(db)) === BATCH);
      },
    },
    recurring: [{ task: OFFER_SWEEP_JOB, match: '* * * * *' }],
  };
}
