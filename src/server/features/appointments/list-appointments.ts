import type { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Appointment, listAppointmentsQuerySchema, restaurantReservationSchema } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { cutPage, type Page } from '../../db/keyset.js';
import { notFound, unauthenticated } from '../../errors.js';
import type { PageQuery } from '../../plugins/paging.js';
import { getBusiness } from '../businesses/index.js';
import { toAppointment } from './appointment-view.js';
import * as appointmentsRepository from './appointments.repository.js';

type ListQuery = z.infer<typeof listAppointmentsQuerySchema> & PageQuery;
type Reservation = z.infer<typeof restaurantReservationSchema>;

/**
 * Without businessId: a page of the signed-in user's own appointments, latest start first (DESIGN
 * section 10). With businessId: that business's appointments by time, whole (a day or a service is
 * what others ask for; limit and cursor do not apply); its owner sees all of them in full, anyone
 * else only the active ones, with other customers' personal data left out.
 */
export async function listAppointments(db: Db, viewer: User | null, q: ListQuery): Promise<Page<Appointment>> {
  if (q.businessId === undefined) {
    if (!viewer) throw unauthenticated();
    const rows = await appointmentsRepository.pageAppointmentsOfCustomer(db, viewer.id, q, q.limit, q.cursor);
    const page = cutPage(rows, q.limit, (r) => ({ at: r.keyTime, id: r.id }));
    return { items: page.items.map((r) => toAppointment(r, viewer)), next: page.next };
  }
  const business = await getBusiness(db, q.businessId);
  const isOwner = viewer !== null && business.ownerId === viewer.id;
  const rows = await appointmentsRepository.listAppointments(db, { businessId: business.id, serviceId: q.serviceId, date: q.date, status: q.status, activeOnly: !isOwner });
  return { items: rows.map((r) => toAppointment(r, viewer)), next: null };
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
