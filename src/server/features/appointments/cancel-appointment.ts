import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import { reverseBookingCredit } from '../credits/credits.service.js';
import { isOwnerOf, loadLocked, requireActive } from './appointment-access.js';
import { toAppointment } from './appointment-view.js';
import * as appointmentsRepository from './appointments.repository.js';
import { runBookingTransaction } from './booking-transaction.js';

/** Its customer or the business cancels; the booking credit goes back as far as the balance allows. */
export async function cancelAppointment(db: Db, user: User, id: number): Promise<Appointment> {
  return runBookingTransaction(db, async (tx) => {
    const row = await loadLocked(tx, id);
    if (row.customerId !== user.id && !isOwnerOf(row, user)) throw forbidden('Only the customer or the business can cancel this appointment');
    requireActive(row);
    await appointmentsRepository.updateStatus(tx, id, 'cancelled');
    await reverseBookingCredit(tx, { userId: row.customerId, appointmentId: id, serviceName: row.serviceName, businessName: row.businessName });
    return toAppointment({ ...row, status: 'cancelled' }, user);
  });
}
