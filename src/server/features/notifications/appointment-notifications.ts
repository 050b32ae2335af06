import type { AppointmentChangeListener } from '../appointments/appointment-changes.js';
import { tableOfferRole } from './notifications.repository.js';
import { notify } from './notifications.service.js';

const LINK = '/appointments';

/**
 * Tells the customer in-app when their booking is cancelled (a confirmed booking, when the
 * customer booked it themselves, and a reschedule are told in SQL: que_on_booked and que_reschedule,
 * migration 0007). Changes an
 * offer made say nothing here, because the offer's own notification already said it: a swap and
 * the table a restaurant offer's sender gets (both in SQL, que_offer_accept), and the
 * sender's unconfirmed table when the offer ends ('cancelled').
 */
export const appointmentNotificationsListener: AppointmentChangeListener = async (tx, change) => {
  const a = change.appointment;
  const what = `${a.serviceName} at ${a.businessName}`;
  const at = `${a.date} at ${a.time}`;
  const base = { userId: a.customerId, link: LINK, appointmentId: a.id };
  switch (change.kind) {
    case 'cancelled': {
      const role = await tableOfferRole(tx, a.id);
      if (role.neverConfirmed) return;
      const body = role.handedOver
        ? `You handed your table at ${a.businessName} on ${at} to another guest.`
        : change.byUserId === a.customerId
          ? `You cancelled ${what} on ${at}.`
          : `${a.businessName} cancelled your ${a.serviceName} on ${at}.`;
      await notify(tx, { ...base, kind: 'booking_cancelled', title: role.handedOver ? 'Table handed over' : 'Booking cancelled', body });
      return;
    }
    default:
      return;
  }
};
