import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { cachedSql } from '../../db/prepared.js';
import { RaisedState, sqlStateOf } from '../../db/sql-state.js';
import { isTransaction, singleStatement, unitOfWork } from '../../db/unit-of-work.js';
import { sqlCall } from '../../errors.js';
import { DEFAULT_SLOT_RULES, type SlotRules } from '../availability/available-slots.js';
import { withZoneFallback } from '../availability/slots.repository.js';
import type { AppointmentChanges } from './appointment-changes.js';
import { toAppointment } from './appointment-view.js';
import type { AppointmentRow } from './appointments.repository.js';

const p = (name: string) => sql.placeholder(name);

const callReschedule = cachedSql(
  'que_reschedule',
  sql`select que_reschedule(${p('userId')}::int, ${p('id')}::int, ${p('date')}::date, ${p('time')}::text, ${p('horizon')}::int,
        ${p('now')}::timestamptz, ${p('zone')}::text, ${p('offersEndAfter')}::boolean) as moved`,
);

interface Moved {
  appointment: AppointmentRow;
  previous: { date: string; time: string };
}

/**
 * Only its customer moves an appointment, and the new time is checked exactly like a new booking:
 * ONE database call (que_reschedule, migration 0007), which also moves the queue entry and tells
 * the customer in-app and by e-mail. An appointment with live offers (they end when it moves, by
 * the offers feature's rules) is moved in a transaction that announces the change to the listeners.
 */
export async function rescheduleAppointment(
  db: Db,
  changes: AppointmentChanges,
  user: User,
  id: number,
  to: { date: string; time: string },
  rules: SlotRules = DEFAULT_SLOT_RULES,
  now?: Date,
): Promise<Appointment> {
  const move = (tx: Db, offersEndAfter: boolean) =>
    withZoneFallback(tx, async (zone) => {
      const values = { userId: user.id, id, ...to, horizon: rules.restaurantHorizonDays, now: now?.toISOString() ?? null, zone, offersEndAfter };
      const result = (await callReschedule(tx, values)) as { rows: { moved: Moved }[] };
      return result.rows[0].moved;
    });
  if (!isTransaction(db)) {
    try {
      return toAppointment((await sqlCall(singleStatement(db, () => move(db, false)))).appointment, user);
    } catch (error) {
      if (sqlStateOf(error) !== RaisedState.liveOffers) throw error;
    }
  }
  return unitOfWork(db, async (tx) => {
    const moved = await sqlCall(move(tx, true));
    await changes.announce(tx, { kind: 'rescheduled', appointment: moved.appointment, previous: moved.previous, byUserId: user.id });
    return toAppointment(moved.appointment, user);
  });
}
