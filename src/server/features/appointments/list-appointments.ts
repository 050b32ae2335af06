import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Appointment, listAppointmentsQuerySchema, restaurantReservationSchema } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { notFound, unauthenticated } from '../../errors.js';
import { getBusiness } from '../businesses/businesses.service.js';
import { toAppointment } from './appointment-view.js';
import * as appointmentsRepository from './appointments.repository.js';

type ListQuery = z.infer<typeof listAppointmentsQuerySchema>;
type Reservation = z.infer<typeof restaurantReservationSchema>;

/**
 * Without businessId: the signed-in user's own appointments, newest first. With businessId: that
 * business's appointments by time; its owner sees all of them in full, anyone else only the
 * active ones, with other customers' personal data left out.
 */
export async function listAppointments(db: Db, viewer: User | null, q: ListQuery): Promise<Appointment[]> {
  if (q.businessId === undefined) {
    if (!viewer) throw unauthenticated();
    const rows = await appointmentsRepository.listAppointments(db, { customerId: viewer.id, serviceId: q.serviceId, date: q.date, newestFirst: true });
    return rows.map((r) => toAppointment(r, viewer));
  }
  const business = await getBusiness(db, q.businessId);
  const isOwner = viewer !== null && business.ownerId === viewer.id;
  const rows = await appointmentsRepository.listAppointments(db, { businessId: business.id, serviceId: q.serviceId, date: q.date, activeOnly: !isOwner });
  return rows.map((r) => toAppointment(r, viewer));
}

/** Who sits when: party sizes and seating are public, the customer only to the owner or themselves. */
export async function listRestaurantReservations(db: Db, viewer: User | null, q: { restaurantId: number; date: string }): Promise<Reservation[]> {
  const business = await getBusiness(db, q.restaurantId);
  if (business.businessType !== 'restaurant') throw notFound('Restaurant');
  const isOwner = viewer !== null && business.ownerId === viewer.id;
  const rows = await appointmentsRepository.listReservations(db, business.id, q.date);
  return rows.map((r) => {
    const isMine = viewer !== null && r.customerId === viewer.id;
    return { ...r, customerId: isMine || isOwner ? r.customerId : null, isMine };
  });
}
