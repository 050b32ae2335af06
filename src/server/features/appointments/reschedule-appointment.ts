import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { z } from 'zod';
import { sqlFunction } from '../../db/sql-function.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { type SlotRules, withZoneFallback } from '../availability/index.js';
import { toAppointment } from './appointment-view.js';
import { appointmentRowSchema } from './appointment-row.js';
import { findAppointmentView } from './appointments.repository.js';
import { explainRefusedSlot } from './refused-slot.js';

const p = (name: string) => sql.placeholder(name);

const callReschedule = sqlFunction(
  'que_reschedule',
  sql`select que_reschedule(${p('userId')}::int, ${p('id')}::int, ${p('date')}::date, ${p('time')}::text, ${p('horizon')}::int,
        ${p('now')}::timestamptz, ${p('zone')}::text, ${p('staffId')}::int, ${p('staffChosen')}::boolean) as moved`,
  z.object({ moved: z.object({ appointment: appointmentRowSchema }) }),
);

/**
 * Only its customer moves an appointment, and the new time is checked exactly like a new booking:
 * ONE database call (que_reschedule: only a confirmed appointment moves), which also moves the queue entry,
 * tells the customer in-app and by e-mail, and ends the live offers on it.
 */
export async function rescheduleAppointment(
  db: Db,
  user: User,
  id: number,
  to: { date: string; time: string; staffId?: number | null },
  rules: SlotRules,
  now?: Date,
): Promise<Appointment> {
  const moved = await sqlCall(
    singleStatement(db, () =>
      withZoneFallback(db, async (zone) => {
        // staffId chosen again (a member, or null: anyone); absent: the appointment's own choice stands
        const { staffId, ...when } = to;
        const values = { userId: user.id, id, ...when, staffId: staffId ?? null, staffChosen: staffId !== undefined, horizon: rules.restaurantHorizonDays, now: now?.toISOString() ?? null, zone };
        return (await callReschedule(db, values)).moved;
      }),
    ),
  ).catch(async (error: unknown) => {
    // Only on the failure path: which business and service the day is checked for.
    const row = await findAppointmentView(db, id).catch(() => null);
    if (!row) throw error;
    const day = { businessId: row.businessId, serviceId: row.serviceId, partySize: row.partySize, date: to.date, excludeAppointmentIds: [id], rules, now };
    return explainRefusedSlot(db, error, day);
  });
  return toAppointment(moved.appointment, user);
}
