import type { AppointmentChangeListener } from '../appointments/appointment-changes.js';
import { postBookingCredit, voidBookingCredit } from './booking-credit.js';

/**
 * Booking credit follows the appointment inside its transaction: held when booked (in SQL,
 * que_on_booked, migration 0007: nobody earns credit at a business they own), spendable when
 * completed, voided when cancelled. A reschedule or swap keeps the hold as it is.
 */
export const bookingCreditListener: AppointmentChangeListener = async (tx, change) => {
  const a = change.appointment;
  switch (change.kind) {
    case 'completed':
      return postBookingCredit(tx, a.id);
    case 'cancelled':
      return voidBookingCredit(tx, a.id, a);
    default:
      return;
  }
};
