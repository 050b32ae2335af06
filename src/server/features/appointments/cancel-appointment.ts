import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { forbidden } from '../../errors.js';
import { isOwnerOf, loadLocked, requireActive } from './appointment-access.js';
import type { AppointmentChanges } from './appointment-changes.js';
import { toAppointment } from './appointment-view.js';
import * as appointmentsRepository from './appointments.repository.js';

/** Its customer or the business cancels; listeners undo what hangs off the booking (credit, offers). */
export async function cancelAppointment(db: Db, changes: AppointmentChanges, user: User, id: number): Promise<Appointment> {
  return unitOfWork(db, async (tx) => {
    const row = await loadLocked(tx, id);
    if (row.customerId !== user.id && !isOwnerOf(row, user)) throw forbidden('Only the customer or the business can cancel this appointment');
    requireActive(row);
    await appointmentsRepository.updateStatus(tx, id, 'cancelled');
    const cancelled = { ...row, status: 'cancelled' };
    await changes.announce(tx, { kind: 'cancelled', appointment: cancelled, byUserId: user.id });
    return toAppointment(cancelled, user);
  });
}
