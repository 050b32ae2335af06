import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { forbidden, sqlCall } from '../../errors.js';
import { offerFromView, offerViewRow } from './offer-view.js';

export interface CounterInput {
  counterAmount: number;
  counterMessage: string;
  userId?: number;
  paymentIntentId?: string | null;
}

const p = (name: string) => sql.placeholder(name);

const callCounter = sqlFunction(
  'que_offer_counter',
  sql`select que_offer_counter(${p('userId')}::int, ${p('offerId')}::int, ${p('cents')}::int, ${p('message')}::text, ${p('intent')}::text) as view`,
  offerViewRow,
);

/**
 * A counter by the party whose turn it is, in ONE database call (que_offer_counter, with the
 * lifecycle's guards of que_offer_lock_for_turn): a price the payer raises is held at once, a raise
 * by the recipient is covered when the payer accepts it; the other party is told.
 */
export async function counterOffer(db: Db, user: User, offerId: number, input: CounterInput): Promise<Offer> {
  if (input.userId !== undefined && input.userId !== user.id) throw forbidden('userId must be the signed-in user');
  const values = { userId: user.id, offerId, cents: input.counterAmount, message: input.counterMessage, intent: input.paymentIntentId ?? null };
  return offerFromView((await sqlCall(singleStatement(db, () => callCounter(db, values)))).view, user.id);
}
