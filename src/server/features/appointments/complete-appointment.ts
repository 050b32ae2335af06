import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { withZoneFallback } from '../availability/index.js';
import { toAppointment } from './appointment-view.js';
import { appointmentRowSchema } from './appointment-row.js';

const p = (name: string) => sql.placeholder(name);

const callComplete = sqlFunction(
  'que_appointment_complete',
  sql`select que_appointment_complete(${p('userId')}::int, ${p('id')}::int, ${p('now')}::timestamptz, ${p('zone')}::text, ${p('fromMinutes')}::int) as appointment`,
  z.object({ appointment: appointmentRowSchema }),
);

/**
 * The owner marks a confirmed appointment as served, from RULES.completeFromMinutesBeforeStart before
 * its start (409 with the time it can be, before that), in ONE database call
 * (que_appointment_complete): the booking credit becomes spendable, live offers end, an accepted
 * offer whose visits are both completed is paid out, and the queue entry is served. `now` is the
 * app's clock (buildApp's `now`).
 */
export async function completeAppointment(db: Db, user: User, id: number, now: Date): Promise<Appointment> {
  const values = { userId: user.id, id, now: now.toISOString(), fromMinutes: RULES.completeFromMinutesBeforeStart };
  const { appointment } = await sqlCall(singleStatement(db, () => withZoneFallback(db, (zone) => callComplete(db, { ...values, zone }))));
  return toAppointment(appointment, user);
}
