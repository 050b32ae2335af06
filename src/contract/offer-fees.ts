import { BUSINESS_FEE_CENTS, PLATFORM_FEE_PERCENT, percentOf } from './money.js';

export type BusinessKind = 'service' | 'restaurant';

export interface OfferSplit {
  /** What the payer is charged and what escrow holds. */
  totalCents: number;
  /** What the other customer receives on release. */
  recipientCents: number;
  businessFeeCents: number;
  platformFeeCents: number;
}

/**
 * The one fee rule (DESIGN section 5), in cents, rounded half up. Service business: the payer pays
 * offer + $5 and the recipient gets offer - 5%. Restaurant: the payer pays offer + 5% + $5 and the
 * recipient gets the whole offer. Either way total = recipient + business fee + platform fee.
 */
export function splitOffer(offerCents: number, kind: BusinessKind): OfferSplit {
  const platformFeeCents = percentOf(offerCents, PLATFORM_FEE_PERCENT);
  const businessFeeCents = BUSINESS_FEE_CENTS;
  if (kind === 'restaurant') {
    return { totalCents: offerCents + platformFeeCents + businessFeeCents, recipientCents: offerCents, businessFeeCents, platformFeeCents };
  }
  return { totalCents: offerCents + businessFeeCents, recipientCents: offerCents - platformFeeCents, businessFeeCents, platformFeeCents };
}

export const QUEUE_JUMP_MIN_CENTS = 500;
export const MOVE_BACK_MIN_CENTS = 100;
export const COUNTER_MIN_CENTS = 100;
export const OFFER_MAX_CENTS = 20_000;
export const DEFAULT_QUEUE_JUMP_CENTS = 2500;
export const DEFAULT_RESTAURANT_OFFER_CENTS = 1000;
export const DEFAULT_MOVE_BACK_CENTS = 2000;
export const DEFAULT_MOVE_BACK_MESSAGE = 'Would you like to swap for an earlier time? I can take your later slot.';
/** An offer lives at most this long, and never past the start of the earlier appointment. */
export const OFFER_LIFETIME_HOURS = 24;
