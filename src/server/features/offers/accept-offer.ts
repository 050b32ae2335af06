import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { RaisedState, sqlStateOf } from '../../db/sql-state.js';
import { isTransaction, singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { DEFAULT_SLOT_RULES } from '../availability/available-slots.js';
import { withZoneFallback } from '../availability/slots.repository.js';
import { offerFromView, type OfferViewJson } from './offer-view.js';
import { settleAfterHandOver } from './offers-appointment-listener.js';

const p = (name: string) => sql.placeholder(name);

const callAccept = cachedSql(
  'que_offer_accept',
  sql`select que_offer_accept(${p('userId')}::int, ${p('offerId')}::int, ${p('intent')}::text, ${p('horizon')}::int, ${p('zone')}::text,
        ${p('offersEndAfter')}::boolean) as view`,
);

/**
 * Accepts the price on the table (the offer, or the last counter) by the party whose turn it is,
 * and trades the two appointments, in ONE database call (que_offer_accept, migration 0008): the
 * hold is posted into escrow (a raise the payer accepts is held first; a lower price returns the
 * difference; card payments are captured or cancelled), the appointments swap times (queue entries
 * follow, e-mails go out) or the restaurant table changes hands, every other live offer on them
 * ends (que_offer_end), and the other party is told. If any step fails, nothing happens. The
 * escrow is paid out once both appointments are completed.
 *
 * A table handed over whose reservation is part of another accepted, unsettled offer needs the
 * TypeScript settlement (settle-offer.ts): then the SQL refuses (QBOFR) before changing anything,
 * and the same function runs in a transaction that settles it afterwards.
 */
export async function acceptOffer(db: Db, user: User, offerId: number, paymentIntentId?: string | null): Promise<Offer> {
  const accept = (tx: Db, offersEndAfter: boolean) =>
    withZoneFallback(tx, async (zone) => {
      const values = { userId: user.id, offerId, intent: paymentIntentId ?? null, horizon: DEFAULT_SLOT_RULES.restaurantHorizonDays, zone, offersEndAfter };
      const result = (await callAccept(tx, values)) as { rows: { view: OfferViewJson }[] };
      return result.rows[0].view;
    });
  if (!isTransaction(db)) {
    try {
      return offerFromView(await sqlCall(singleStatement(db, () => accept(db, false))), user.id);
    } catch (error) {
      if (sqlStateOf(error) !== RaisedState.liveOffers) throw error;
    }
  }
  return unitOfWork(db, async (tx) => {
    const view = await sqlCall(accept(tx, true));
    await settleAfterHandOver(tx, view.offer);
    return offerFromView(view, user.id);
  });
}
