import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import { RULES } from '../../../contract/rules.js';
import type { Db } from '../../db/client.js';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { withZoneFallback } from '../availability/index.js';
import { toAppointment } from './appointment-view.js';
import { appointmentRowSchema } from './appointment-row.js';

const p = (name: string) => sql.placeholder(name);

const callNoShow = sqlFunction(
  'que_appointment_no_show',
  sql`select que_appointment_no_show(${p('userId')}::int, ${p('id')}::int, ${p('now')}::timestamptz, ${p('zone')}::text, ${p('afterMinutes')}::int) as appointment`,
  z.object({ appointment: appointmentRowSchema }),
);

/**
 * The owner marks a confirmed appointment a no-show (DESIGN section 11), from
 * RULES.noShowFromMinutesAfterStart after its start (409 with the time it can be, before that), in
 * ONE database call (que_appointment_no_show): booking credit voided, offers ended and settled, queue
 * entry ended, the deposit kept and the no-show fee charged once, the change recorded. `now` is the
 * app's clock.
 */
export async function markNoShow(db: Db, user: User, id: number, now: Date): Promise<Appointment> {
  const values = { userId: user.id, id, now: now.toISOString(), afterMinutes: RULES.noShowFromMinutesAfterStart };
  const { appointment } = await sqlCall(singleStatement(db, () => withZoneFallback(db, (zone) => callNoShow(db, { ...values, zone }))));
  return toAppointment(appointment, user);
}
