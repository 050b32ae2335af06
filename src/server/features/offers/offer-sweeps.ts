import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { endOffer } from './end-offer.js';
import * as offersRepository from './offers.repository.js';
import { settleIfDone } from './settle-offer.js';

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

/** Settles accepted offers whose appointments are done (normally settled at completion; this catches any left). */
export async function settleDueOffers(db: Db): Promise<number> {
  return unitOfWork(db, async (tx) => {
    const due = await offersRepository.claimSettleableOffers(tx, BATCH);
    let settled = 0;
    for (const offer of due) if (await settleIfDone(tx, offer)) settled++;
    return settled;
  });
}

/** Runs both sweeps every few seconds in this process; stops when the app closes. */
export function startOfferSweeps(app: FastifyInstance, everyMs = 5000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      while ((await expireDueOffers(app.db)) === BATCH);
      while ((await settleDueOffers(app.db)) === BATCH);
    } catch (error) {
      app.log.error({ err: error }, 'offer sweep failed; it will run again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
