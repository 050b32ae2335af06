import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { forbidden } from '../../errors.js';
import { notifyOfferCountered } from '../notifications/offer-notifications.js';
import { heldCents, holdForOffer } from './offer-escrow.js';
import { partyToAnswer, payerOf, splitOf } from './offer-rules.js';
import { viewOffer } from './offer-view.js';
import { lockOfferForParty, requireLive } from './load-offer.js';
import * as offersRepository from './offers.repository.js';

export interface CounterInput {
  counterAmount: number;
  counterMessage: string;
  userId?: number;
  paymentIntentId?: string | null;
}

/**
 * A counter by the party whose turn it is. A price the payer raises binds them at once, so the
 * difference is held now; a raise by the recipient is covered when the payer accepts it.
 */
export async function counterOffer(db: Db, user: User, offerId: number, input: CounterInput): Promise<Offer> {
  if (input.userId !== undefined && input.userId !== user.id) throw forbidden('userId must be the signed-in user');
  return unitOfWork(db, async (tx) => {
    const { offer, appointments } = await lockOfferForParty(tx, offerId, user.id);
    requireLive(offer);
    if (partyToAnswer(offer) !== user.id) {
      throw forbidden(offer.status === 'pending' ? 'Only the recipient of an offer may start a negotiation' : 'Wait for the other customer to answer your counter offer');
    }
    let intentId = offer.paymentIntentId;
    if (user.id === payerOf(offer)) {
      const shortfall = splitOf(offer, input.counterAmount).totalCents - (await heldCents(tx, offer));
      if (shortfall > 0) intentId = (await holdForOffer(tx, offer, shortfall, input.paymentIntentId)) ?? intentId;
    }
    const updated = await offersRepository.updateOffer(tx, offer.id, {
      status: 'negotiating',
      counterCents: input.counterAmount,
      counterMessage: input.counterMessage,
      negotiationRound: offer.negotiationRound + 1,
      lastNegotiationBy: user.id,
      paymentIntentId: intentId,
    });
    await notifyOfferCountered(tx, updated, user.id);
    return viewOffer(tx, updated, appointments, user.id);
  });
}
