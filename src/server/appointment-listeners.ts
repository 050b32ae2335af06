import { AppointmentChanges } from './features/appointments/appointment-changes.js';
import { bookingCreditListener } from './features/credits/booking-credit-listener.js';
import { appointmentEmailListener } from './features/email/appointment-email-listener.js';
import { appointmentNotificationsListener } from './features/notifications/appointment-notifications.js';
import { offersAppointmentListener } from './features/offers/offers-appointment-listener.js';
import { queueAppointmentListener } from './features/queue/queue-appointment-listener.js';

/** Who reacts when an appointment changes, in the order they run inside its transaction. */
export function createAppointmentChanges(): AppointmentChanges {
  const changes = new AppointmentChanges();
  // A booking's and a swap's effects are SQL (que_on_booked, que_offer_accept); the others below.
  changes.subscribe(bookingCreditListener);
  changes.subscribe(offersAppointmentListener);
  changes.subscribe(queueAppointmentListener);
  changes.subscribe(appointmentNotificationsListener);
  changes.subscribe(appointmentEmailListener);
  return changes;
}
