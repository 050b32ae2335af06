import type { AppointmentChangeListener } from '../appointments/appointment-changes.js';
import { awardBookingCredit, reverseBookingCredit } from './credits.service.js';

/** A booking earns its credit in the booking's transaction; cancelling takes it back. */
export const bookingCreditListener: AppointmentChangeListener = async (tx, change) => {
  const a = change.appointment;
  const input = { userId: a.customerId, appointmentId: a.id, serviceName: a.serviceName, businessName: a.businessName };
  if (change.kind === 'booked') await awardBookingCredit(tx, input);
  else if (change.kind === 'cancelled') await reverseBookingCredit(tx, input);
};
