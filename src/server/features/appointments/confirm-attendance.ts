import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';
import { sqlCall } from '../../errors.js';
import { appointmentRowSchema } from './appointment-row.js';
import { toAppointment } from './appointment-view.js';

const p = (name: string) => sql.placeholder(name);

const callConfirm = sqlFunction(
  'que_appointment_confirm_attendance',
  sql`select que_appointment_confirm_attendance(${p('id')}::int, ${p('now')}::timestamptz) as appointment`,
  z.object({ appointment: appointmentRowSchema }),
);

const callCancel = sqlFunction(
  'que_appointment_cancel_by_its_customer',
  sql`select que_appointment_cancel((select customer_id from appointments where id = ${p('id')}::int), ${p('id')}::int) as appointment`,
  z.object({ appointment: appointmentRowSchema }),
);

/**
 * Its customer confirms they will come (DESIGN section 11: a reminder's signed link, which stands in
 * for signing in), on `db` (the link's transaction). 409 unless confirmed; 404 for no such appointment.
 */
export async function confirmAttendance(db: Db, id: number, now: Date): Promise<Appointment> {
  const { appointment } = await sqlCall(callConfirm(db, { id, now: now.toISOString() }));
  return toAppointment(appointment, { id: appointment.customerId });
}

/**
 * Its customer cancels, as by PATCH /api/appointments/{id} (the same function: the cut-off, the
 * booking credit, offers, queue, the change recorded), from a reminder's signed link, on `db`.
 */
export async function cancelAsItsCustomer(db: Db, id: number): Promise<Appointment> {
  const { appointment } = await sqlCall(callCancel(db, { id }));
  return toAppointment(appointment, { id: appointment.customerId });
}
