import { percentOf } from './money.js';
import { RULES } from './rules.js';

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
 * The one fee rule (DESIGN section 5), in cents, rounded half up, with the fees of RULES. Service
 * business: the payer pays offer + business fee and the recipient gets offer - platform fee.
 * Restaurant: the payer pays offer + platform fee + business fee and the recipient gets the whole
 * offer. Either way total = recipient + business fee + platform fee.
 */
export function splitOffer(offerCents: number, kind: BusinessKind): OfferSplit {
  const platformFeeCents = percentOf(offerCents, RULES.platformFeePercent);
  const businessFeeCents = RULES.businessFeeCents;
  if (kind === 'restaurant') {
    return { totalCents: offerCents + platformFeeCents + businessFeeCents, recipientCents: offerCents, businessFeeCents, platformFeeCents };
  }
  return { totalCents: offerCents + businessFeeCents, recipientCents: offerCents - platformFeeCents, businessFeeCents, platformFeeCents };
}

export const DEFAULT_QUEUE_JUMP_CENTS = 2500;
export const DEFAULT_RESTAURANT_OFFER_CENTS = 1000;
export const DEFAULT_MOVE_BACK_CENTS = 2000;
export const DEFAULT_MOVE_BACK_MESSAGE = 'Would you like to swap for an earlier time? I can take your later slot.';
