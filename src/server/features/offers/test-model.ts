import { type OfferSplit, splitOffer } from '../../../contract/offer-fees.js';
import { RULES } from '../../../contract/rules.js';

// The model behind offers.model.test.ts: what the server should hold after each step, for one
// shop and a few customers, and which requests should succeed. Kept apart from the HTTP driver so
// the rules read like DESIGN sections 5 and 6.

export const SLOTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];

export interface ModelAppointment {
  id: number;
  customer: number;
  time: string;
  /** held: a waitlist hold (waitlist model), not a booking until claimed. */
  status: 'confirmed' | 'cancelled' | 'completed' | 'no_show' | 'held';
  /** Cancelled by the business (its owner), not by its customer. */
  cancelledByBusiness?: boolean;
  /** Its booking earned the $1.00 credit: a customer earns it once per business and day (one shop, one date here). */
  earnsCredit: boolean;
  /** The staff member serving it (their id), and whether its customer chose them by name (DESIGN section 9). */
  staffId: number;
  requested: boolean;
}

export interface ModelOffer {
  id: number;
  payer: number;
  recipient: number;
  fromAppointment: ModelAppointment;
  toAppointment: ModelAppointment;
  method: 'credits' | 'cash';
  offerCents: number;
  counterCents: number | null;
  agreedCents: number | null;
  status: 'pending' | 'negotiating' | 'accepted' | 'declined' | 'cancelled' | 'expired';
  lastBy: number | null;
  /** Cents held by open holds (live offers), or posted into escrow (accepted, unsettled). */
  escrowCents: number;
  /** expires_at was moved into the past: the status is still live, but nobody may act on it. */
  overdue: boolean;
  escrowStatus: 'held' | 'released' | 'refunded';
}

export const split = (cents: number): OfferSplit => splitOffer(cents, 'service');
export const isLive = (o: ModelOffer) => o.status === 'pending' || o.status === 'negotiating';
export const priceOf = (o: ModelOffer) => o.agreedCents ?? o.counterCents ?? o.offerCents;

/** The customer whose turn it is: the recipient of a pending offer, else whoever did not counter last. */
export function partyToAnswer(o: ModelOffer): number | null {
  if (o.status === 'pending') return o.recipient;
  if (o.status === 'negotiating') return o.lastBy === o.recipient ? o.payer : o.recipient;
  return null;
}

export const canAnswer = (o: ModelOffer, who: number) => isLive(o) && !o.overdue && partyToAnswer(o) === who;

export class OfferModel {
  appointments: ModelAppointment[] = [];
  offers: ModelOffer[] = [];
  /** Spendable Que Credit per customer, in cents. */
  credit: number[];

  /** The shop's staff members, in the owner's order. */
  staffIds: number[];

  constructor(startingCredit: number[], staffIds: number[]) {
    this.credit = [...startingCredit];
    this.staffIds = staffIds;
  }

  /** Every status but cancelled holds its time (a completed visit's is not sold again). */
  /** The member has no visit at that time (a completed one keeps its time too). */
  memberFree(staffId: number, time: string, except?: ModelAppointment) {
    // A no-show gives its (past) time back as a cancel does (appointments.occupies).
    return !this.appointments.some((a) => a !== except && a.status !== 'cancelled' && a.status !== 'no_show' && a.time === time && a.staffId === staffId);
  }

  /** One place at a time (DESIGN section 9): the customer already holds a confirmed visit then. */
  customerBusy(customer: number, time: string, except: ModelAppointment[] = []) {
    return this.appointments.some((a) => !except.includes(a) && a.customer === customer && a.status === 'confirmed' && a.time === time);
  }

  /** After an accepted swap, neither customer would be in two places. */
  swapKeepsOnePlace(o: ModelOffer) {
    const [a, b] = [o.fromAppointment, o.toAppointment];
    return !this.customerBusy(a.customer, b.time, [a, b]) && !this.customerBusy(b.customer, a.time, [a, b]);
  }

  /** Some member of the shop is free at that time: an "anyone" booking or move gets it. */
  slotFree(time: string, except?: ModelAppointment) {
    return this.staffIds.some((id) => this.memberFree(id, time, except));
  }

  /** A new booking earns credit unless another of the customer's still holds it (cancelling voids it). */
  bookingEarnsCredit(customer: number) {
    return !this.appointments.some((a) => a.customer === customer && a.earnsCredit && a.status !== 'cancelled' && a.status !== 'no_show');
  }

  hasLiveOfferBetween(a: ModelAppointment, b: ModelAppointment) {
    return this.offers.some(
      (o) => isLive(o) && ((o.fromAppointment === a && o.toAppointment === b) || (o.fromAppointment === b && o.toAppointment === a)),
    );
  }

  /** Why an offer from `who` would be refused, or null if it should be made. */
  offerRefusal(who: number, from: ModelAppointment, to: ModelAppointment, type: 'queue_jump' | 'move_back', cents: number, method: 'credits' | 'cash') {
    if (from.customer !== who) return 'not the sender’s appointment';
    if (to.customer === who) return 'own target';
    if (from.status !== 'confirmed' || to.status !== 'confirmed') return 'appointment not confirmed';
    if (type === 'queue_jump' ? to.time >= from.time : to.time <= from.time) return `${type} in the wrong direction`;
    if (cents < (type === 'queue_jump' ? 500 : 100) || cents > 20_000) return 'amount out of range';
    if (this.hasLiveOfferBetween(from, to)) return 'live offer between them';
    // A swap trades members with the times: one chosen by name swaps only with the same member's.
    if (from.staffId !== to.staffId && (from.requested || to.requested)) return 'a member chosen by name';
    if (this.offers.some((o) => isLive(o) && o.toAppointment === to && o.payer === who)) return 'sender already has a live offer on the target';
    if (this.offers.filter((o) => isLive(o) && o.toAppointment === to).length >= RULES.maxLiveOffersPerTarget) return 'target has the most live offers';
    if (method === 'credits' && this.credit[who] < split(cents).totalCents) return 'insufficient credit';
    return null;
  }

  /** Gives an offer's open holds back to the payer and ends it. */
  endOffer(o: ModelOffer, status: 'declined' | 'cancelled' | 'expired') {
    if (o.method === 'credits') this.credit[o.payer] += o.escrowCents;
    o.escrowCents = 0;
    o.status = status;
  }

  /** What else happens when an appointment is rescheduled, swapped, cancelled or completed. */
  appointmentChanged(a: ModelAppointment, kind: 'moved' | 'finished') {
    for (const o of this.offers) if (isLive(o) && (o.fromAppointment === a || o.toAppointment === a)) this.endOffer(o, 'cancelled');
    if (kind !== 'finished') return;
    for (const o of this.offers) {
      if (o.status !== 'accepted' || o.escrowStatus !== 'held' || (o.fromAppointment !== a && o.toAppointment !== a)) continue;
      const both = [o.fromAppointment, o.toAppointment];
      if (both.some((x) => x.status === 'confirmed')) continue;
      // DESIGN section 5: the swap happened at acceptance; only a business cancelling the
      // appointment the payer bought (the sender's) refunds the payer.
      if (o.fromAppointment.status === 'cancelled' && o.fromAppointment.cancelledByBusiness) {
        o.escrowStatus = 'refunded';
        if (o.method === 'credits') this.credit[o.payer] += o.escrowCents;
      } else {
        o.escrowStatus = 'released';
        if (o.method === 'credits') this.credit[o.recipient] += split(priceOf(o)).recipientCents;
      }
      o.escrowCents = 0;
    }
  }

  /**
   * The business's fee from each swap whose escrow was released (DESIGN section 5: posted to the
   * recipient, the business and the platform), per asset: a card offer's in USD, a credit offer's in
   * CREDIT. A refunded escrow gives the business nothing.
   */
  businessFeesEarned() {
    const earned = { USD: 0, CREDIT: 0 };
    for (const o of this.offers) if (o.escrowStatus === 'released') earned[o.method === 'cash' ? 'USD' : 'CREDIT'] += split(priceOf(o)).businessFeeCents;
    return earned;
  }

  /** Extra cents a price needs held beyond what is held now (0 when already covered). */
  shortfall(o: ModelOffer, cents: number) {
    return Math.max(0, split(cents).totalCents - o.escrowCents);
  }

  counter(o: ModelOffer, who: number, cents: number) {
    if (who === o.payer) {
      const more = this.shortfall(o, cents);
      if (o.method === 'credits') this.credit[who] -= more;
      o.escrowCents += more;
    }
    o.status = 'negotiating';
    o.counterCents = cents;
    o.lastBy = who;
  }

  accept(o: ModelOffer) {
    const price = priceOf(o);
    const total = split(price).totalCents;
    // A raise is held first; whatever was held beyond the agreed price goes back to the payer.
    if (o.method === 'credits') this.credit[o.payer] += o.escrowCents - total;
    o.escrowCents = total;
    o.status = 'accepted';
    o.agreedCents = price;
    const [a, b] = [o.fromAppointment, o.toAppointment];
    [a.time, b.time] = [b.time, a.time];
    [a.staffId, b.staffId] = [b.staffId, a.staffId];
    this.appointmentChanged(a, 'moved');
    this.appointmentChanged(b, 'moved');
  }

  /**
   * The app's background sweep expired an overdue offer. If the model already ended it because an
   * appointment changed, the payer was refunded either way; only the status differs.
   */
  expiredInBackground(o: ModelOffer) {
    if (isLive(o)) this.endOffer(o, 'expired');
    else if (o.status === 'cancelled') o.status = 'expired';
  }

  /** The expiry sweep: every overdue live offer expires. Returns how many. */
  expireOverdue() {
    const due = this.offers.filter((o) => isLive(o) && o.overdue);
    for (const o of due) this.endOffer(o, 'expired');
    return due.length;
  }
}
