import type { AppointmentChangeListener } from '../appointments/appointment-changes.js';
import { holdBookingCredit, postBookingCredit, voidBookingCredit } from './booking-credit.js';

/**
 * Booking credit follows the appointment inside its transaction: held when booked, spendable when
 * completed, voided when cancelled. A reschedule or swap keeps the hold as it is. Nobody earns
 * credit at a business they own: that would be credit for nothing.
 */
export const bookingCreditListener: AppointmentChangeListener = async (tx, change) => {
  const a = change.appointment;
  switch (change.kind) {
    case 'booked':
      if (a.customerId !== a.ownerId) await holdBookingCredit(tx, { userId: a.customerId, appointmentId: a.id, serviceName: a.serviceName, businessName: a.businessName });
      return;
    case 'completed':
      return postBookingCredit(tx, a.id);
    case 'cancelled':
      return voidBookingCredit(tx, a.id, a);
    default:
      return;
  }
};
