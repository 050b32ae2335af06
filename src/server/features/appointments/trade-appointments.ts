import type { Db } from '../../db/client.js';
import * as appointmentsRepository from './appointments.repository.js';
import type { AppointmentRow } from './appointments.repository.js';

// What the offers feature may do to appointments: read them. Swapping two, handing a restaurant
// table over and ending a pending table are SQL (que_offer_accept, que_offer_end).

/** Several appointments by id, in one read (offers list both sides of each offer). */
export async function readAppointments(tx: Db, ids: number[]): Promise<Map<number, AppointmentRow>> {
  const rows = await appointmentsRepository.findAppointmentViews(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}
