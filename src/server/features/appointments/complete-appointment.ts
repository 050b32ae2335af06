import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../errors.js';
import { requireOwnedBusiness } from '../businesses/businesses.service.js';
import { loadLocked } from './appointment-access.js';
import type { AppointmentChanges } from './appointment-changes.js';
import { toAppointment } from './appointment-view.js';
import * as appointmentsRepository from './appointments.repository.js';

/** The owner marks a confirmed appointment as served, at any time (the business knows when it was). */
export async function completeAppointment(db: Db, changes: AppointmentChanges, user: User, id: number): Promise<Appointment> {
  return unitOfWork(db, async (tx) => {
    const row = await loadLocked(tx, id);
    await requireOwnedBusiness(tx, user, row.businessId);
    if (row.status !== 'confirmed') throw new AppError(ErrorCode.INVALID_STATE, `Only a confirmed appointment can be completed; this one is ${row.status}`);
    await appointmentsRepository.updateStatus(tx, id, 'completed');
    const completed = { ...row, status: 'completed' };
    await changes.announce(tx, { kind: 'completed', appointment: completed, byUserId: user.id });
    return toAppointment(completed, user);
  });
}
