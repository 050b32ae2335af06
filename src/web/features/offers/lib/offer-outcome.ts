import { formatCents, formatPrice, toCents } from '@contract/money';
import type { Offer, OfferAppointment } from '@contract/offers';
import { lead, type Slot, slotText, termsOfOffer } from './swap-terms';

// What happened, and what will happen, to an offer's money in words (DESIGN section 5): a swap is final
// once accepted; its escrow goes to the recipient, the business and the platform once both visits are
// finished (completed, a no-show or cancelled, by anyone), except that the payer is refunded in full
// when the business cancelled the appointment the payer bought. Every amount is the offer's own record.

/** Completed, a no-show or cancelled: the visit is over for the escrow's purposes. */
const finished = (a: OfferAppointment) => a.status !== 'confirmed' && a.status !== 'pending';

const sides = (offer: Offer) => {
  const outgoing = offer.direction === 'outgoing';
  return { mine: outgoing ? offer.fromAppointment : offer.toAppointment, theirs: outgoing ? offer.toAppointment : offer.fromAppointment, name: termsOfOffer(offer).counterpart };
};

/** Whose visits the escrow still waits for: "both visits are done", "your visit is done", "bob's visit is done". */
function waitingFor(offer: Offer): string {
  const { mine, theirs, name } = sides(offer);
  const outgoing = offer.direction === 'outgoing';
  // A table handed over leaves the recipient nothing to visit: only the payer's reservation counts.
  const mineOpen = (!offer.temporaryReservation || outgoing) && !finished(mine);
  const theirsOpen = (!offer.temporaryReservation || !outgoing) && !finished(theirs);
  if (mineOpen && !theirsOpen) return 'your visit is done';
  if (theirsOpen && !mineOpen) return `${name}'s visit is done`;
  return 'both visits are done';
}

/**
 * Where the swap put each side: the starts it traded, as recorded at acceptance (the sender took the
 * recipient's, the recipient the sender's), so a reschedule afterwards does not rewrite what happened;
 * the appointments as they are for an offer without that record. A handed-over table did not move:
 * the sender holds it at their reservation's time.
 */
function swapLanding(offer: Offer): { sender: Slot; recipient: Slot } {
  const { swapped: s, fromAppointment: from, toAppointment: to } = offer;
  if (!s) return { sender: from, recipient: to };
  const timeZone = from.timeZone;
  if (offer.temporaryReservation) return { sender: { ...s.from, timeZone }, recipient: { ...s.to, timeZone } };
  return { sender: { ...s.to, timeZone }, recipient: { ...s.from, timeZone } };
}

/** An accepted offer's card: who moved where, then where the money is. */
export function acceptedOutcome(offer: Offer): string[] {
  const { name } = sides(offer);
  const pays = offer.direction === 'outgoing';
  const { sender, recipient } = swapLanding(offer);
  const [mine, theirs] = pays ? [sender, recipient] : [recipient, sender];
  const table = slotText(sender, recipient);
  const moved = offer.temporaryReservation
    ? pays
      ? `You took over ${name}'s table at ${table}; ${name}'s reservation was cancelled.`
      : `${lead(name)} took over your table at ${table}; your reservation was cancelled.`
    : pays
      ? `You moved to ${slotText(mine, theirs)}; ${name} moved to ${slotText(theirs, mine)}.`
      : `${lead(name)} moved to ${slotText(theirs, mine)}; you moved to ${slotText(mine, theirs)}.`;
  const [total, received] = [formatPrice(offer.totalCharge), formatPrice(offer.recipientReceives)];
  const fees = formatCents((toCents(offer.totalCharge) ?? 0) - (toCents(offer.recipientReceives) ?? 0));
  // The business cancelled the slot the payer bought: the escrow is to go back to the payer instead.
  const heldForRefund = pays
    ? `The business cancelled the appointment you paid for: your ${total} is refunded when ${waitingFor(offer)}.`
    : `The business cancelled ${name}'s appointment: ${name} is refunded when ${waitingFor(offer)}, and nothing is paid to you.`;
  const money = {
    held: offer.refundsPayer ? heldForRefund : pays ? `${total} held until ${waitingFor(offer)}.` : `You receive ${received} when ${waitingFor(offer)}.`,
    released: pays ? `${total} paid: ${received} to ${name} and ${fees} in fees.` : `${received} paid to you.`,
    refunded: pays
      ? `The business cancelled the appointment you paid for, so your ${total} was refunded.`
      : `The business cancelled ${name}'s appointment, so ${name} was refunded and nothing is paid to you.`,
  }[offer.escrowStatus];
  return [moved, money];
}

/**
 * What cancelling one of the viewer's appointments does to the money of each offer tied to it
 * (GET /api/appointments/:id/offers: live offers and accepted ones whose escrow is held).
 */
export function cancelConsequences(offers: Offer[]): string[] {
  return offers.map((offer) => {
    const { theirs, name } = sides(offer);
    const pays = offer.direction === 'outgoing';
    const amount = formatPrice(offer.currentAmount);
    if (offer.status === 'pending' || offer.status === 'negotiating') {
      const what = offer.status === 'pending' ? 'pending offer' : 'offer under negotiation';
      return pays
        ? `Your ${what} of ${amount} to ${name} is withdrawn and the ${formatPrice(offer.heldAmount ?? offer.totalCharge)} held for it is returned to you.`
        : `${lead(name)}'s ${what} of ${amount} for this appointment is withdrawn; ${name} gets the hold back and nothing is paid to you.`;
    }
    // Accepted: the swap stands. Whoever's visit is left decides when the escrow is paid out.
    const otherDone = offer.temporaryReservation || finished(theirs);
    const slot = offer.temporaryReservation ? 'table' : 'slot';
    // The business cancelled the payer's visit already: cancelling the other one settles the refund.
    if (offer.refundsPayer && !pays) {
      return `The business cancelled the appointment ${name} paid ${formatPrice(offer.totalCharge)} for, so cancelling yours refunds ${name} now and nothing is paid to you.`;
    }
    return pays
      ? `You paid ${formatPrice(offer.totalCharge)} for this ${slot}. Cancelling does not refund it; ${name} is paid ${otherDone ? 'now' : 'when their visit is done'}.`
      : `${lead(name)} paid ${formatPrice(offer.totalCharge)} to swap with you, and the swap is final: cancelling does not change that. You receive ${formatPrice(offer.recipientReceives)} ${otherDone ? 'now' : `when ${name}'s visit is done`}.`;
  });
}
