import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { forbidden } from '../../errors.js';
import type { AppointmentChanges } from '../appointments/appointment-changes.js';
import { handOverReservation, readAppointments, swapAppointmentTimes } from '../appointments/trade-appointments.js';
import { notifyOfferAccepted } from '../notifications/offer-notifications.js';
import { heldCents, holdForOffer, postHoldsAtAcceptance } from './offer-escrow.js';
import { currentCents, partyToAnswer, payerOf, splitOf } from './offer-rules.js';
import { viewOffer } from './offer-view.js';
import { lockOfferForParty, requireLive } from './load-offer.js';
import * as offersRepository from './offers.repository.js';

/**
 * Accepts the price on the table (the offer, or the last counter) by the party whose turn it is,
 * and swaps the two appointments in the same transaction: the hold is posted into escrow (a raise
 * the payer accepts is held first; a lower price returns the difference), the appointments trade
 * times (or the restaurant table changes hands), and every other live offer on them ends. If any
 * step fails, nothing happens. The escrow is paid out once both appointments are completed.
 */
export async function acceptOffer(db: Db, changes: AppointmentChanges, user: User, offerId: number, paymentIntentId?: string | null): Promise<Offer> {
  return unitOfWork(db, async (tx) => {
    const { offer } = await lockOfferForParty(tx, offerId, user.id);
    requireLive(offer);
    if (partyToAnswer(offer) !== user.id) throw forbidden('It is not your turn to answer this offer');
    const price = currentCents(offer);
    const total = splitOf(offer, price).totalCents;
    let intentId = offer.paymentIntentId;
    const shortfall = total - (await heldCents(tx, offer));
    if (shortfall > 0) {
      // Only a raise by the recipient can be uncovered, and only the payer can accept it.
      if (user.id !== payerOf(offer)) throw new Error(`offer #${offer.id}: payer's own counter was not covered`);
      intentId = (await holdForOffer(tx, offer, shortfall, paymentIntentId)) ?? intentId;
    }
    await postHoldsAtAcceptance(tx, offer, total);
    const accepted = await offersRepository.updateOffer(tx, offer.id, {
      status: 'accepted',
      agreedCents: price,
      acceptedAt: new Date(),
      paymentIntentId: intentId,
    });
    if (offer.temporaryReservation) await handOverReservation(tx, changes, offer.fromAppointmentId, offer.toAppointmentId, user.id);
    else await swapAppointmentTimes(tx, changes, offer.fromAppointmentId, offer.toAppointmentId, user.id);
    await notifyOfferAccepted(tx, accepted, user.id);
    const after = await readAppointments(tx, [offer.fromAppointmentId, offer.toAppointmentId]);
    return viewOffer(tx, accepted, after, user.id);
  });
}
