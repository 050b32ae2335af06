import type { User } from '../../../contract/auth.js';
import type { Offer } from '../../../contract/offers.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, unauthenticated } from '../../errors.js';
import { readAppointments } from '../appointments/trade-appointments.js';
import { viewOffer } from './offer-view.js';
import * as offersRepository from './offers.repository.js';

/** The signed-in user's offers, incoming and outgoing, newest first. */
export async function listOffers(db: Db, viewer: User | null, forUser?: number): Promise<Offer[]> {
  if (!viewer) throw unauthenticated();
  if (forUser !== undefined && forUser !== viewer.id) throw forbidden('You can only see your own offers');
  const rows = await offersRepository.listOffersOfUser(db, viewer.id);
  const appointments = await readAppointments(db, rows.flatMap((o) => [o.fromAppointmentId, o.toAppointmentId]));
  return Promise.all(rows.map((o) => viewOffer(db, o, appointments, viewer.id)));
}

export async function getOffer(db: Db, viewer: User | null, id: number): Promise<Offer> {
  if (!viewer) throw unauthenticated();
  const offer = await offersRepository.findOffer(db, id);
  if (!offer) throw notFound('Offer');
  if (offer.fromUserId !== viewer.id && offer.toUserId !== viewer.id) throw forbidden('Only the two customers of this offer can see it');
  return viewOffer(db, offer, await readAppointments(db, [offer.fromAppointmentId, offer.toAppointmentId]), viewer.id);
}
