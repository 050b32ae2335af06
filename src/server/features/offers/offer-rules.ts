import { type BusinessKind, splitOffer } from '../../../contract/offer-fees.js';
import type { OfferRow } from './offers.repository.js';

// Who may do what to an offer, now (DESIGN section 6). The use cases and the view share these.

export const isLive = (offer: Pick<OfferRow, 'status'>) => offer.status === 'pending' || offer.status === 'negotiating';

/** The party whose turn it is to answer: the recipient of a pending offer, else whoever did not counter last. */
export function partyToAnswer(offer: Pick<OfferRow, 'status' | 'fromUserId' | 'toUserId' | 'lastNegotiationBy'>): number | null {
  if (offer.status === 'pending') return offer.toUserId;
  if (offer.status === 'negotiating') return offer.lastNegotiationBy === offer.toUserId ? offer.fromUserId : offer.toUserId;
  return null;
}

export interface OfferActions {
  accept: boolean;
  decline: boolean;
  counter: boolean;
  acceptCounter: boolean;
  cancel: boolean;
}

export function actionsFor(offer: OfferRow, userId: number, now = new Date()): OfferActions {
  const open = isLive(offer) && offer.expiresAt > now;
  const answers = open && partyToAnswer(offer) === userId;
  return {
    accept: answers,
    decline: answers,
    counter: answers,
    acceptCounter: answers && offer.status === 'negotiating',
    cancel: open && offer.fromUserId === userId,
  };
}

/** The price on the table: the agreed one once accepted, else the last counter, else the offer. */
export const currentCents = (offer: Pick<OfferRow, 'agreedCents' | 'counterCents' | 'offerCents'>) => offer.agreedCents ?? offer.counterCents ?? offer.offerCents;

export const splitOf = (offer: Pick<OfferRow, 'agreedCents' | 'counterCents' | 'offerCents' | 'feeKind'>, cents = currentCents(offer)) =>
  splitOffer(cents, offer.feeKind as BusinessKind);

/** The sender pays, whichever way the swap goes (queue jump or move back). */
export const payerOf = (offer: Pick<OfferRow, 'fromUserId'>) => offer.fromUserId;
