import type { Db } from '../../db/client.js';
import type { AppointmentChangeListener } from '../appointments/appointment-changes.js';
import { endOffer } from './end-offer.js';
import * as offersRepository from './offers.repository.js';
import { settleIfDone } from './settle-offer.js';

/** Settles the accepted offers on an appointment whose appointments are now all done. */
async function settleOffersOn(tx: Db, appointmentId: number) {
  for (const offer of await offersRepository.lockUnsettledOffersOn(tx, appointmentId)) await settleIfDone(tx, offer);
}

/**
 * An offer is tied to its two appointments as they were when it was made: when either is
 * rescheduled, cancelled or completed, every live offer on it ends and its payer gets the hold
 * back. Completing or cancelling also settles accepted offers whose appointments are now done.
 * (An accepted offer's swap ends the others in SQL: que_offer_accept.)
 */
export const offersAppointmentListener: AppointmentChangeListener = async (tx, change) => {
  const id = change.appointment.id;
  for (const offer of await offersRepository.lockLiveOffersOn(tx, id)) await endOffer(tx, offer, 'cancelled', change.byUserId);
  if (change.kind === 'completed' || change.kind === 'cancelled') await settleOffersOn(tx, id);
};

/**
 * After a restaurant table was handed over (que_offer_accept): the recipient's reservation was
 * cancelled, so another accepted offer on it may now settle, by the TypeScript settlement.
 */
export async function settleAfterHandOver(tx: Db, offer: { toAppointmentId: number; temporaryReservation: boolean }) {
  if (offer.temporaryReservation) await settleOffersOn(tx, offer.toAppointmentId);
}
