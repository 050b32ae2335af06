import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { singleStatement } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { DEFAULT_SLOT_RULES, type SlotRules } from '../availability/available-slots.js';
import { withZoneFallback } from '../availability/slots.repository.js';
import { toAppointment } from './appointment-view.js';
import { type AppointmentRow, findAppointmentView } from './appointments.repository.js';
import { explainRefusedSlot } from './refused-slot.js';

const p = (name: string) => sql.placeholder(name);

const callReschedule = cachedSql(
  'que_reschedule',
  sql`select que_reschedule(${p('userId')}::int, ${p('id')}::int, ${p('date')}::date, ${p('time')}::text, ${p('horizon')}::int,
        ${p('now')}::timestamptz, ${p('zone')}::text) as moved`,
);

/**
 * Only its customer moves an appointment, and the new time is checked exactly like a new booking:
 * ONE database call (que_reschedule, migrations 0007, 0013 and 0016: only a confirmed appointment moves), which also moves the queue entry,
 * tells the customer in-app and by e-mail, and ends the live offers on it.
 */
export async function rescheduleAppointment(
  db: Db,
  user: User,
  id: number,
  to: { date: string; time: string },
  rules: SlotRules = DEFAULT_SLOT_RULES,
  now?: Date,
): Promise<Appointment> {
  const moved = await sqlCall(
    singleStatement(db, () =>
      withZoneFallback(db, async (zone) => {
        const values = { userId: user.id, id, ...to, horizon: rules.restaurantHorizonDays, now: now?.toISOString() ?? null, zone };
        const result = (await callReschedule(db, values)) as { rows: { moved: { appointment: AppointmentRow } }[] };
        return result.rows[0].moved;
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
