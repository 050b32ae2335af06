import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import * as appointmentsRepository from './appointments.repository.js';
import type { AppointmentRow } from './appointments.repository.js';

// What the offers feature may do to appointments: read and lock them. Swapping two, handing a
// restaurant table over and ending a pending table are SQL (que_offer_accept, que_offer_end: migration 0008).

export async function readAppointment(tx: Db, id: number): Promise<AppointmentRow> {
  const row = await appointmentsRepository.findAppointmentView(tx, id);
  if (!row) throw notFound('Appointment');
  return row;
}

/** Several appointments by id, in one read (offers list both sides of each offer). */
export async function readAppointments(tx: Db, ids: number[]): Promise<Map<number, AppointmentRow>> {
  const rows = await appointmentsRepository.findAppointmentViews(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks the appointments in id order (two swaps never wait on each other crosswise) and reads them. */
export async function lockAppointments(tx: Db, ids: number[]): Promise<Map<number, AppointmentRow>> {
  const rows = new Map<number, AppointmentRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    if (!(await appointmentsRepository.lockAppointment(tx, id))) throw notFound('Appointment');
  }
  for (const id of ids) rows.set(id, await readAppointment(tx, id));
  return rows;
}
