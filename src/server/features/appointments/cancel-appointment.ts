import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { toAppointment } from './appointment-view.js';
import { appointmentRowSchema } from './appointment-row.js';

const p = (name: string) => sql.placeholder(name);

const callCancel = sqlFunction(
  'que_appointment_cancel',
  sql`select que_appointment_cancel(${p('userId')}::int, ${p('id')}::int) as appointment`,
  z.object({ appointment: appointmentRowSchema }),
);

/**
 * Its customer or the business cancels, in ONE database call (que_appointment_cancel), which also
 * does what hangs off the booking: the booking credit voided, live offers ended, an accepted offer
 * on it settled, the queue entry ended, the customer told in-app and by e-mail.
 */
export async function cancelAppointment(db: Db, user: User, id: number): Promise<Appointment> {
  const { appointment } = await sqlCall(singleStatement(db, () => callCancel(db, { userId: user.id, id })));
  return toAppointment(appointment, user);
}

/**
 * The business cancels one of its bookings that an owner change strands (businesses' strand guard,
 * through app.ts), inside that change's transaction: as any business cancel, the customer told,
 * credit and escrow settled.
 */
export async function cancelAsBusiness(db: Db, ownerId: number, id: number): Promise<void> {
  await sqlCall(callCancel(db, { userId: ownerId, id }));
}
