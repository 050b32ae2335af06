import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { offerFromView, offerViewRow } from './offer-view.js';

const p = (name: string) => sql.placeholder(name);

// Ending an offer is SQL, once (que_offer_end); a decline or a cancel goes through the lifecycle's
// guards first (que_offer_answer_end: que_offer_lock_for_turn), in one call.
const callEnd = sqlFunction('que_offer_end', sql`select que_offer_end(${p('offerId')}::int, ${p('status')}::text, ${p('byUserId')}::int) as done`, z.object({ done: z.unknown() }));
const callAnswerEnd = sqlFunction(
  'que_offer_answer_end',
  sql`select que_offer_answer_end(${p('userId')}::int, ${p('offerId')}::int, ${p('status')}::text) as view`,
  offerViewRow,
);

/**
 * Ends a live offer that has run out (the expiry sweep): the payer gets every hold back (card
 * authorizations released), both parties are told, and a restaurant offer's pending reservation is
 * cancelled. Runs in the caller's transaction with the offer locked.
 */
export async function expireOffer(tx: Db, offerId: number, byUserId: number): Promise<void> {
  await callEnd(tx, { offerId, status: 'expired', byUserId });
}

async function answerEnd(db: Db, user: User, offerId: number, status: 'declined' | 'cancelled'): Promise<Offer> {
  return offerFromView((await sqlCall(singleStatement(db, () => callAnswerEnd(db, { userId: user.id, offerId, status })))).view, user.id);
}

/** The party whose turn it is may decline (the recipient of a pending offer, or whoever did not counter last). */
export const declineOffer = (db: Db, user: User, offerId: number) => answerEnd(db, user, offerId, 'declined');

/** The sender may withdraw a live offer. */
export const cancelOffer = (db: Db, user: User, offerId: number) => answerEnd(db, user, offerId, 'cancelled');
