import type { Db } from '../../db/client.js';
import { readAppointments } from '../appointments/trade-appointments.js';
import { notifyOfferPaidOut } from '../notifications/offer-notifications.js';
import { refundEscrow, releaseEscrow } from './offer-escrow.js';
import * as offersRepository from './offers.repository.js';
import type { OfferRow } from './offers.repository.js';

/**
 * Settles an accepted offer's escrow once its appointments are done (DESIGN section 5): paid out
 * when they were completed, refunded to the payer if one was cancelled instead (the swap was never
 * used). A restaurant table handed over leaves only the sender's reservation to wait for. The
 * caller holds the offer's lock; settling twice is impossible (escrow_status moves from held once).
 */
export async function settleIfDone(tx: Db, offer: OfferRow): Promise<boolean> {
  if (offer.status !== 'accepted' || offer.escrowStatus !== 'held') return false;
  const ids = offer.temporaryReservation ? [offer.fromAppointmentId] : [offer.fromAppointmentId, offer.toAppointmentId];
  const rows = [...(await readAppointments(tx, ids)).values()];
  if (rows.some((r) => r.status === 'confirmed' || r.status === 'pending')) return false;
  if (rows.every((r) => r.status === 'completed')) {
    await releaseEscrow(tx, offer, rows[0].businessId);
    await offersRepository.updateOffer(tx, offer.id, { escrowStatus: 'released', settledAt: new Date() });
    await notifyOfferPaidOut(tx, offer);
  } else {
    await refundEscrow(tx, offer);
    await offersRepository.updateOffer(tx, offer.id, { escrowStatus: 'refunded', settledAt: new Date() });
  }
  return true;
}
