import { OPEN_STATUSES } from '../../../contract/appointment-statuses.js';
import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import * as appointmentsRepository from './appointments.repository.js';

export const isActive = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

/** Locks the appointment for the rest of the transaction and reads it with its service and business. */
export async function loadLocked(tx: Db, id: number) {
  if (!(await appointmentsRepository.lockAppointment(tx, id))) throw notFound('Appointment');
  const row = await appointmentsRepository.findAppointmentView(tx, id);
  if (!row) throw notFound('Appointment');
  return row;
}

export function requireActive(row: { status: string }): void {
  if (!isActive(row.status)) throw new AppError(ErrorCode.INVALID_STATE, `This appointment is already ${row.status}`);
}

export const isOwnerOf = (row: { ownerId: number }, user: User) => row.ownerId === user.id;
