import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { toAppointment } from './appointment-view.js';
import type { AppointmentRow } from './appointments.repository.js';

const p = (name: string) => sql.placeholder(name);

const callComplete = cachedSql('que_appointment_complete', sql`select que_appointment_complete(${p('userId')}::int, ${p('id')}::int) as appointment`);

/**
 * The owner marks a confirmed appointment as served, at any time (the business knows when it was),
 * in ONE database call (que_appointment_complete, migration 0013): the booking credit becomes
 * spendable, live offers end, an accepted offer whose visits are both completed is paid out, and the
 * queue entry is served.
 */
export async function completeAppointment(db: Db, user: User, id: number): Promise<Appointment> {
  const result = (await sqlCall(singleStatement(db, () => callComplete(db, { userId: user.id, id })))) as { rows: { appointment: AppointmentRow }[] };
  return toAppointment(result.rows[0].appointment, user);
}
