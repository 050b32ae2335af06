import { sql } from 'drizzle-orm';
import type { AppointmentChangeListener } from '../appointments/appointment-changes.js';

/**
 * Writes the customer's e-mail with its calendar invite to the outbox inside the changing
 * transaction, so the message exists exactly when the change does; the e-mail worker renders the
 * invite and sends it. The wording lives in SQL (que_appointment_email, migration 0007), where a
 * booking's one call writes its confirmation too. A cancellation is only sent for an appointment
 * that was announced before (a restaurant offer's unconfirmed table was never in a calendar).
 */
export const appointmentEmailListener: AppointmentChangeListener = async (tx, change) => {
  // Bookings, reschedules and swaps are written by que_on_booked, que_reschedule and que_offer_accept; completing is no calendar news.
  if (change.kind !== 'cancelled' || !change.appointment.customerEmail) return;
  await tx.execute(sql`select que_appointment_email(${change.appointment.id}::int, 'cancelled', null)`);
};
