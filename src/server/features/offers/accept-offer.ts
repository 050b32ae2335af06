import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { type SlotRules, withZoneFallback } from '../availability/index.js';
import { offerFromView, offerViewRow } from './offer-view.js';

const p = (name: string) => sql.placeholder(name);

const callAccept = sqlFunction(
  'que_offer_accept',
  sql`select que_offer_accept(${p('userId')}::int, ${p('offerId')}::int, ${p('counter')}::boolean, ${p('intent')}::text, ${p('horizon')}::int, ${p('zone')}::text) as view`,
  offerViewRow,
);

/**
 * Accepts the price on the table (the offer, or the last counter; `counter`: only a counter, as
 * accept-counter asks) by the party whose turn it is, and trades the two appointments, in ONE
 * database call (que_offer_accept): every rule of DESIGN section 6 checked again, the fee split
 * recorded, the hold posted into escrow (a raise the payer accepts is held first; a lower price
 * returns the difference; card payments are captured or cancelled), the appointments swap times
 * (queue entries follow, e-mails go out) or the restaurant table changes hands, every other live
 * offer on them ends, and the other party is told. If any step fails, nothing happens. The escrow
 * is settled once both appointments are finished (que_offer_settle).
 */
export async function acceptOffer(
  db: Db,
  user: User,
  offerId: number,
  rules: SlotRules,
  paymentIntentId?: string | null,
  { counter = false }: { counter?: boolean } = {},
): Promise<Offer> {
  const view = await sqlCall(
    singleStatement(db, () =>
      withZoneFallback(db, async (zone) => {
        const values = { userId: user.id, offerId, counter, intent: paymentIntentId ?? null, horizon: rules.restaurantHorizonDays, zone };
        return (await callAccept(db, values)).view;
      }),
    ),
  );
  return offerFromView(view, user.id);
}
