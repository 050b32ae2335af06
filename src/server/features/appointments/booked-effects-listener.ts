import { sql } from 'drizzle-orm';
import type { AppointmentChangeListener } from './appointment-changes.js';

/**
 * What a confirmed booking sets off (booking credit hold, queue entry, notification, e-mail) is one
 * SQL function, que_on_booked (migration 0007), that a booking's one call runs itself. A booking
 * made another way (a restaurant offer's table handed over) is announced as 'booked' and runs the
 * same function here, so those rules exist once.
 */
export const bookedEffectsListener: AppointmentChangeListener = async (tx, change) => {
  if (change.kind !== 'booked') return;
  await tx.execute(sql`select que_on_booked(${change.appointment.id}::int, ${change.byUserId}::int)`);
};
