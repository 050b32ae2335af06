import type { AppointmentChangeListener, AppointmentChanges } from '../appointments/appointment-changes.js';
import { endOffer } from './end-offer.js';
import * as offersRepository from './offers.repository.js';
import { settleIfDone } from './settle-offer.js';

/**
 * An offer is tied to its two appointments as they were when it was made: when either is
 * rescheduled, swapped, cancelled or completed, every live offer on it ends and its payer gets the
 * hold back. Completing or cancelling also settles accepted offers whose appointments are now done.
 */
export function offersAppointmentListener(changes: AppointmentChanges): AppointmentChangeListener {
  return async (tx, change) => {
    if (change.kind === 'booked') return;
    const id = change.appointment.id;
    for (const offer of await offersRepository.lockLiveOffersOn(tx, id)) await endOffer(tx, changes, offer, 'cancelled', change.byUserId);
    if (change.kind === 'completed' || change.kind === 'cancelled') {
      for (const offer of await offersRepository.lockUnsettledOffersOn(tx, id)) await settleIfDone(tx, offer);
    }
  };
}
