import type { Db } from '../../db/client.js';
import type { AppointmentChangeListener, AppointmentChanges } from '../appointments/appointment-changes.js';
import { endOffer } from './end-offer.js';
import * as offersRepository from './offers.repository.js';
import { settleIfDone } from './settle-offer.js';

/** Ends every live offer on an appointment that changed; a completed or cancelled one also settles accepted offers now done. */
async function endOffersOn(tx: Db, changes: AppointmentChanges, appointmentId: number, byUserId: number, settle: boolean) {
  for (const offer of await offersRepository.lockLiveOffersOn(tx, appointmentId)) await endOffer(tx, changes, offer, 'cancelled', byUserId);
  if (settle) {
    for (const offer of await offersRepository.lockUnsettledOffersOn(tx, appointmentId)) await settleIfDone(tx, offer);
  }
}

/**
 * An offer is tied to its two appointments as they were when it was made: when either is
 * rescheduled, swapped, cancelled or completed, every live offer on it ends and its payer gets the
 * hold back. Completing or cancelling also settles accepted offers whose appointments are now done.
 */
export function offersAppointmentListener(changes: AppointmentChanges): AppointmentChangeListener {
  return async (tx, change) => {
    await endOffersOn(tx, changes, change.appointment.id, change.byUserId, change.kind === 'completed' || change.kind === 'cancelled');
  };
}

/**
 * After an accepted offer traded its appointments (que_offer_accept): the same rule for the two
 * appointments as the swap moved them, or the table handed over (the recipient's reservation
 * cancelled; the sender's, newly confirmed, had none but this one).
 */
export async function endOffersAfterTrade(
  tx: Db,
  changes: AppointmentChanges,
  offer: { fromAppointmentId: number; toAppointmentId: number; temporaryReservation: boolean },
  byUserId: number,
) {
  if (offer.temporaryReservation) return endOffersOn(tx, changes, offer.toAppointmentId, byUserId, true);
  await endOffersOn(tx, changes, offer.fromAppointmentId, byUserId, false);
  await endOffersOn(tx, changes, offer.toAppointmentId, byUserId, false);
}
