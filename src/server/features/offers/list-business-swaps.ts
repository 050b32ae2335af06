import type { User } from '../../../contract/auth.js';
import type { BusinessSwap } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { unauthenticated } from '../../errors.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import * as offersRepository from './offers.repository.js';

/**
 * The owner's view of swaps at their business: which appointments traded places through a paid
 * offer and whether its escrow is still held (completing them releases it). No amounts or
 * customer data: the money is between the two customers.
 */
export async function listBusinessSwaps(db: Db, viewer: User | null, businessId: number): Promise<BusinessSwap[]> {
  if (!viewer) throw unauthenticated();
  await requireOwnedBusiness(db, viewer, businessId);
  const rows = await offersRepository.acceptedOffersOfBusiness(db, businessId);
  return rows.map((o) => ({
    offerId: o.id,
    // A table handed over leaves only the sender's reservation; the recipient's was cancelled.
    appointmentIds: o.temporaryReservation ? [o.fromAppointmentId] : [o.fromAppointmentId, o.toAppointmentId],
    escrowStatus: o.escrowStatus as BusinessSwap['escrowStatus'],
    releasesOnCompletion: o.escrowStatus === 'held',
  }));
}
