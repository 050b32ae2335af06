import { formatCents } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import type { offers } from '../../db/schema.js';
import { notify } from './notifications.service.js';
import { offerContext, type OfferContext } from './notifications.repository.js';

// What the parties of a swap offer are told as it moves, each inside the transaction that moves it.
// A new, an accepted and an ended offer are told in SQL (que_offer_create, que_offer_accept, que_offer_end: migration 0008),
// and so is a paid-out one (que_offer_settle: migration 0013).

type OfferRow = typeof offers.$inferSelect;
const LINK = '/appointments';

const price = (o: OfferRow) => formatCents(o.agreedCents ?? o.counterCents ?? o.offerCents);
const otherParty = (o: OfferRow, userId: number) => (userId === o.fromUserId ? o.toUserId : o.fromUserId);
const nameOf = (o: OfferRow, c: OfferContext, userId: number) => (userId === o.fromUserId ? c.fromName : c.toName);

async function tell(tx: Db, userId: number, offer: OfferRow, kind: string, title: string, body: string) {
  // A sentence ending in a name that ends with a period ("Downtown Barber Co.") keeps one period.
  await notify(tx, { userId, kind, title, body: body.replace(/\.\.$/, '.'), link: LINK, offerId: offer.id });
}

/** To the other party: a counter price is on the table and it is their turn. */
export async function notifyOfferCountered(tx: Db, offer: OfferRow, byUserId: number) {
  const c = await offerContext(tx, offer.id);
  const body = `${nameOf(offer, c, byUserId)} answered with ${price(offer)} for the swap of ${c.targetTime} on ${c.targetDate} at ${c.businessName}.`;
  await tell(tx, otherParty(offer, byUserId), offer, 'offer_countered', `Counter offer: ${price(offer)}`, body);
}
