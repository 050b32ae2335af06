import { formatPrice } from '@contract/money';
import type { Offer } from '@contract/offers';
import { slotText } from './swap-terms';

/**
 * An offer in one sentence, as a person would say it (issue 27: no "Sender · Their appointment",
 * no usernames): "Someone in the 10:00 AM slot offers you $25.00 to swap with your 2:00 PM." The
 * other customer is named only by what the server sends (first name and initial), else by their slot.
 */
export function offerHeadline(offer: Offer): string {
  const outgoing = offer.direction === 'outgoing';
  const [mine, theirs] = outgoing ? [offer.fromAppointment, offer.toAppointment] : [offer.toAppointment, offer.fromAppointment];
  const [mineAt, theirsAt] = [slotText(mine, theirs), slotText(theirs, mine)];
  const amount = formatPrice(offer.currentAmount);
  const name = offer.counterpartName.trim();
  if (offer.temporaryReservation) {
    return outgoing
      ? `You offer ${amount} to ${name || 'the guest'} for their table at ${mineAt}.`
      : `${name || 'Another guest'} offers you ${amount} for your table at ${mineAt}.`;
  }
  const them = `${name || (outgoing ? 'the customer' : 'Someone')} in the ${theirsAt} slot`;
  return outgoing ? `You offer ${amount} to ${them} to swap with your ${mineAt}.` : `${them} offers you ${amount} to swap with your ${mineAt}.`;
}

/** How the offer is paid, in words ("Card" alone said nothing). */
export const paidWith = (offer: Offer) => (offer.paymentMethod === 'credits' ? 'Paid with Que Credit' : 'Paid by card');

/** Where the money of a live or ended offer is, in words (not "Escrow: Held in escrow"); null for accepted ones, whose outcome says it. */
export function moneyWhere(offer: Offer): string | null {
  if (offer.status === 'accepted') return null;
  const pays = offer.direction === 'outgoing';
  if (offer.status === 'pending' || offer.status === 'negotiating') {
    return pays ? 'Your money is on hold until the offer is answered; it comes back if it is not accepted.' : 'Their money is on hold: you are paid once you accept and both visits are done.';
  }
  return pays ? 'Nothing was paid: any hold was returned to you.' : 'Nothing was paid.';
}
