import { type BusinessKind, splitOffer } from '../../../contract/offer-fees.js';
import { formatCents } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import type { offers } from '../../db/schema.js';
import { notify } from './notifications.service.js';
import { offerContext, type OfferContext } from './notifications.repository.js';

// What the parties of a swap offer are told as it moves, each inside the transaction that moves it.
// A new offer and an accepted one are told in SQL (que_offer_create, que_offer_accept: migration 0008).

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

const ENDED = {
  declined: { title: 'Offer declined', verb: 'was declined' },
  cancelled: { title: 'Offer cancelled', verb: 'was cancelled' },
  expired: { title: 'Offer expired', verb: 'expired' },
} as const;

/**
 * An offer that ended without a swap: expiry is news to both parties; otherwise everyone but the
 * one who ended it (a business cancelling an appointment ends its offers: both parties hear).
 */
export async function notifyOfferEnded(tx: Db, offer: OfferRow, status: keyof typeof ENDED, byUserId: number) {
  const c = await offerContext(tx, offer.id);
  const { title, verb } = ENDED[status];
  for (const userId of [offer.fromUserId, offer.toUserId]) {
    if (status !== 'expired' && userId === byUserId) continue;
    const refund = userId === offer.fromUserId ? ' Everything it held has been returned to you.' : '';
    await tell(tx, userId, offer, `offer_${status}`, title, `The ${price(offer)} offer for the ${c.targetTime} slot on ${c.targetDate} at ${c.businessName} ${verb}.${refund}`);
  }
}

/** To the recipient, when escrow is released to them after both visits were completed. */
export async function notifyOfferPaidOut(tx: Db, offer: OfferRow) {
  const c = await offerContext(tx, offer.id);
  const yours = formatCents(splitOffer(offer.agreedCents ?? offer.offerCents, offer.feeKind as BusinessKind).recipientCents);
  await tell(tx, offer.toUserId, offer, 'offer_paid_out', `Paid out: ${yours}`, `The swap with ${c.fromName} at ${c.businessName} is complete: ${yours} has been released to you.`);
}
