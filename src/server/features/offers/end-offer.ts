import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { forbidden } from '../../errors.js';
import type { AppointmentChanges } from '../appointments/appointment-changes.js';
import { cancelPendingReservation } from '../appointments/trade-appointments.js';
import { notifyOfferEnded } from '../notifications/offer-notifications.js';
import { voidHolds } from './offer-escrow.js';
import { partyToAnswer } from './offer-rules.js';
import { viewOffer } from './offer-view.js';
import { lockOfferForParty, requireLive } from './load-offer.js';
import * as offersRepository from './offers.repository.js';
import type { OfferRow } from './offers.repository.js';

export type EndedStatus = 'declined' | 'cancelled' | 'expired';

const because: Record<EndedStatus, string> = { declined: 'was declined', cancelled: 'was cancelled', expired: 'expired' };

/**
 * Ends a live offer: the payer gets every hold back, and a restaurant offer's pending reservation
 * is cancelled. Runs in the caller's transaction with the offer locked.
 */
export async function endOffer(tx: Db, changes: AppointmentChanges, offer: OfferRow, status: EndedStatus, byUserId: number): Promise<OfferRow> {
  const ended = await offersRepository.updateOffer(tx, offer.id, { status });
  await voidHolds(tx, offer, because[status]);
  await notifyOfferEnded(tx, ended, status, byUserId);
  if (offer.temporaryReservation) await cancelPendingReservation(tx, changes, offer.fromAppointmentId, byUserId);
  return ended;
}

/** The party whose turn it is may decline (the recipient of a pending offer, or whoever did not counter last). */
export async function declineOffer(db: Db, changes: AppointmentChanges, user: User, offerId: number): Promise<Offer> {
  return unitOfWork(db, async (tx) => {
    const { offer, appointments } = await lockOfferForParty(tx, offerId, user.id);
    requireLive(offer);
    if (partyToAnswer(offer) !== user.id) throw forbidden('It is not your turn to answer this offer');
    return viewOffer(tx, await endOffer(tx, changes, offer, 'declined', user.id), appointments, user.id);
  });
}

/** The sender may withdraw a live offer. */
export async function cancelOffer(db: Db, changes: AppointmentChanges, user: User, offerId: number): Promise<Offer> {
  return unitOfWork(db, async (tx) => {
    const { offer, appointments } = await lockOfferForParty(tx, offerId, user.id);
    if (offer.fromUserId !== user.id) throw forbidden('Only the customer who made this offer can cancel it');
    requireLive(offer);
    return viewOffer(tx, await endOffer(tx, changes, offer, 'cancelled', user.id), appointments, user.id);
  });
}
