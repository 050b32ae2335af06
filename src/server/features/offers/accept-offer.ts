import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { DEFAULT_SLOT_RULES } from '../availability/available-slots.js';
import { withZoneFallback } from '../availability/slots.repository.js';
import { offerFromView, type OfferViewJson } from './offer-view.js';

const p = (name: string) => sql.placeholder(name);

const callAccept = cachedSql(
  'que_offer_accept',
  sql`select que_offer_accept(${p('userId')}::int, ${p('offerId')}::int, ${p('intent')}::text, ${p('horizon')}::int, ${p('zone')}::text) as view`,
);

/**
 * Accepts the price on the table (the offer, or the last counter) by the party whose turn it is,
 * and trades the two appointments, in ONE database call (que_offer_accept, migration 0008): the
 * hold is posted into escrow (a raise the payer accepts is held first; a lower price returns the
 * difference; card payments are captured or cancelled), the appointments swap times (queue entries
 * follow, e-mails go out) or the restaurant table changes hands, every other live offer on them
 * ends (que_offer_end), and the other party is told. A table handed over settles another accepted
 * offer on it in the same call (migration 0013). If any step fails, nothing happens. The escrow is
 * paid out once both appointments are completed.
 */
export async function acceptOffer(db: Db, user: User, offerId: number, paymentIntentId?: string | null): Promise<Offer> {
  const view = await sqlCall(
    singleStatement(db, () =>
      withZoneFallback(db, async (zone) => {
        const values = { userId: user.id, offerId, intent: paymentIntentId ?? null, horizon: DEFAULT_SLOT_RULES.restaurantHorizonDays, zone };
        const result = (await callAccept(db, values)) as { rows: { view: OfferViewJson }[] };
        return result.rows[0].view;
      }),
    ),
  );
  return offerFromView(view, user.id);
}
