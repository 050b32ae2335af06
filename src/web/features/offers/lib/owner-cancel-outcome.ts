import { formatPrice } from '@contract/money';
import type { Offer, OfferAppointment } from '@contract/offers';

// What the business cancelling one of its appointments does to the money of each offer tied to it, in
// the owner's words (DESIGN section 5, as que_appointment_cancel and que_offer_settle apply it):
//  - a live offer (pending or under negotiation) ends: the payer's hold is returned, nothing is paid;
//  - an accepted swap stands. Its escrow is settled once both visits are finished (completed, a no-show
//    or cancelled), and the business cancelling the appointment the payer bought (the sender's, at its
//    new time) refunds the payer in full instead of paying the other customer and the fees. A table
//    handed over leaves the recipient nothing to visit: only the payer's reservation counts.
// The owner is neither party: the payer is always the sender, and each side is named as it was booked.

const finished = (a: OfferAppointment) => a.status !== 'confirmed' && a.status !== 'pending';

/** The name a side was booked under, or who it is when none was given. */
const nameOf = (a: OfferAppointment, appointmentId: number) => a.customerName ?? (a.id === appointmentId ? "this appointment's customer" : 'the other customer');

/** A line starts with a capital, whether it opens with a name or a description. */
const capitalized = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);

/** What the payer paid with: their card (the test processor or Stripe) or their Que Credit. */
const fundsOf = (offer: Offer, payer: string) => (offer.paymentMethod === 'credits' ? `${payer}'s Que Credit` : `${payer}'s card`);

function liveLine(offer: Offer, payer: string, recipient: string): string {
  const what = offer.status === 'pending' ? 'pending offer' : 'offer under negotiation';
  const aim = offer.temporaryReservation ? `to take over ${recipient}'s table` : `to swap slots with ${recipient}`;
  const hold = offer.paymentMethod === 'credits' ? `the Que Credit ${payer} put up is returned` : `the hold on ${payer}'s card is released`;
  return `${payer}'s ${what} of ${formatPrice(offer.currentAmount)} ${aim} is withdrawn; ${hold} and nothing is paid.`;
}

/** The lines the owner's cancel dialog shows for appointment `appointmentId`, one per offer tied to it. */
export function ownerCancelConsequences(offers: Offer[], appointmentId: number): string[] {
  return offers.map((offer) => {
    const payer = nameOf(offer.fromAppointment, appointmentId);
    const recipient = nameOf(offer.toAppointment, appointmentId);
    if (offer.status === 'pending' || offer.status === 'negotiating') return capitalized(liveLine(offer, payer, recipient));
    const total = formatPrice(offer.totalCharge);
    if (offer.fromAppointmentId === appointmentId) {
      // The slot the payer bought: the business cancelling it is the one case that refunds.
      const now = offer.temporaryReservation || finished(offer.toAppointment);
      const what = offer.temporaryReservation ? `to take over this table from ${recipient}` : 'to move into this slot';
      return capitalized(
        `${payer} paid ${total} ${what}. Cancelling refunds the ${total} to ${fundsOf(offer, payer)} ${now ? 'now' : `once ${recipient}'s visit is done`}; ${recipient} is not paid and no fees are charged.`,
      );
    }
    // The recipient's appointment, at the time the payer gave up: the swap is final and still paid for,
    // unless the business already cancelled the slot the payer bought (then this settles the refund).
    if (offer.refundsPayer) {
      return capitalized(
        `You cancelled the slot ${payer} paid ${total} for, so cancelling this one refunds the ${total} to ${fundsOf(offer, payer)} now; ${recipient} is not paid and no fees are charged.`,
      );
    }
    const when = finished(offer.fromAppointment) ? 'now' : `once ${payer}'s visit is done`;
    return capitalized(
      `${payer} paid ${total} to swap slots with ${recipient}, who moved to this one. Cancelling does not undo that: nothing is refunded, and ${recipient} receives ${formatPrice(offer.recipientReceives)} ${when}.`,
    );
  });
}
