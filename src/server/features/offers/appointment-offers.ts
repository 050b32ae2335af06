import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, unauthenticated } from '../../errors.js';
import { readAppointments } from '../appointments/index.js';
import { viewOffers } from './offer-view.js';
import * as offersRepository from './offers.repository.js';

/**
 * The offers whose money cancelling an appointment decides (DESIGN section 5: the cancel dialog says
 * which rule applies before anyone confirms): its live offers, sent or received, and its accepted
 * offers whose escrow is still held. Read for one appointment, so the dialog never needs a whole offer
 * history. The two who may cancel it may ask: its customer, and the owner of its business (who sees
 * both customers' names, as on the dashboard; the owner is never a party to an offer at their own
 * business). A restaurant offer's pending table is its customer's alone, as cancelling it is (404).
 */
export async function listOffersOnAppointment(db: Db, viewer: User | null, appointmentId: number): Promise<Offer[]> {
  if (!viewer) throw unauthenticated();
  const appointment = (await readAppointments(db, [appointmentId])).get(appointmentId);
  const mine = appointment?.customerId === viewer.id;
  if (!appointment || (appointment.status === 'pending' && !mine)) throw notFound('Appointment');
  if (!mine && appointment.ownerId !== viewer.id) throw forbidden('Only the customer of this appointment or its business can see the offers tied to it');
  return viewOffers(db, await offersRepository.openOffersOnAppointment(db, appointmentId), viewer.id);
}
