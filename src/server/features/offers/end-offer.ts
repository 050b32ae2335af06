import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { forbidden } from '../../errors.js';
import { partyToAnswer } from './offer-rules.js';
import { viewOffer } from './offer-view.js';
import { lockOfferForParty, requireLive } from './load-offer.js';
import * as offersRepository from './offers.repository.js';
import type { OfferRow } from './offers.repository.js';

export type EndedStatus = 'declined' | 'cancelled' | 'expired';

const p = (name: string) => sql.placeholder(name);

// The rule is SQL, once (que_offer_end, migration 0008), which an accept runs for the other offers.
const callEnd = cachedSql('que_offer_end', sql`select que_offer_end(${p('offerId')}::int, ${p('status')}::text, ${p('byUserId')}::int)`);

/**
 * Ends a live offer: the payer gets every hold back (card authorizations released), the parties
 * are told, and a restaurant offer's pending reservation is cancelled. Runs in the caller's
 * transaction with the offer locked.
 */
export async function endOffer(tx: Db, offer: OfferRow, status: EndedStatus, byUserId: number): Promise<OfferRow> {
  await callEnd(tx, { offerId: offer.id, status, byUserId });
  return (await offersRepository.findOffer(tx, offer.id))!;
}

/** The party whose turn it is may decline (the recipient of a pending offer, or whoever did not counter last). */
export async function declineOffer(db: Db, user: User, offerId: number): Promise<Offer> {
  return unitOfWork(db, async (tx) => {
    const { offer, appointments } = await lockOfferForParty(tx, offerId, user.id);
    requireLive(offer);
    if (partyToAnswer(offer) !== user.id) throw forbidden('It is not your turn to answer this offer');
    return viewOffer(tx, await endOffer(tx, offer, 'declined', user.id), appointments, user.id);
  });
}

/** The sender may withdraw a live offer. */
export async function cancelOffer(db: Db, user: User, offerId: number): Promise<Offer> {
  return unitOfWork(db, async (tx) => {
    const { offer, appointments } = await lockOfferForParty(tx, offerId, user.id);
    if (offer.fromUserId !== user.id) throw forbidden('Only the customer who made this offer can cancel it');
    requireLive(offer);
    return viewOffer(tx, await endOffer(tx, offer, 'cancelled', user.id), appointments, user.id);
  });
}
