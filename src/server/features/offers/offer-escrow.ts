import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { sqlFunction } from '../../db/sql-function.js';
import type { OfferRow } from './offers.repository.js';

// The money of one offer, all through the ledger (DESIGN section 5): holds from the payer into the
// offer's escrow account (que_offer_hold), posted when the offer is accepted (que_offer_accept), paid
// out or refunded when it settles (que_offer_settle). All of it is SQL, once.

const p = (name: string) => sql.placeholder(name);

const selectHeld = sqlFunction('que_offer_held', sql`select que_offer_held(${p('offerId')}::int) as held`, z.object({ held: z.number().int() }));

/** What the offer's open holds keep in escrow (que_offer_held). */
export async function heldCents(tx: Db, offer: Pick<OfferRow, 'id'>): Promise<number> {
  return (await selectHeld(tx, { offerId: offer.id })).held;
}
