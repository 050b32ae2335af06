import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { sqlCall } from '../../errors.js';
import type { OfferRow } from './offers.repository.js';

// The money of one offer, all through the ledger (DESIGN section 5): holds from the payer into the
// offer's escrow account (que_offer_hold), posted when the offer is accepted (que_offer_accept), paid
// out or refunded when it settles (que_offer_settle, migration 0013). All of it is SQL, once.

const p = (name: string) => sql.placeholder(name);

// Holding is SQL, once (que_offer_hold, migration 0008), which an offer's one call uses too.
const callHold = cachedSql('que_offer_hold', sql`select que_offer_hold(${p('offerId')}::int, ${p('amount')}::int, ${p('intent')}::text) as claimed`);
const selectHeld = cachedSql('que_offer_held', sql`select que_offer_held(${p('offerId')}::int) as held`);

/**
 * Holds `amountCents` more for the offer: from the payer's Que Credit (INSUFFICIENT_CREDIT when
 * short), or from an authorized card payment of exactly that amount that no other offer uses.
 * Returns the claimed payment's id.
 */
export async function holdForOffer(tx: Db, offer: OfferRow, amountCents: number, paymentIntentId?: string | null): Promise<string | null> {
  const result = (await sqlCall(callHold(tx, { offerId: offer.id, amount: amountCents, intent: paymentIntentId ?? null }))) as { rows: { claimed: string | null }[] };
  return result.rows[0].claimed;
}

/** What the offer's open holds keep in escrow (que_offer_held). */
export async function heldCents(tx: Db, offer: Pick<OfferRow, 'id'>): Promise<number> {
  const result = (await selectHeld(tx, { offerId: offer.id })) as { rows: { held: number | string }[] };
  return Number(result.rows[0].held);
}
