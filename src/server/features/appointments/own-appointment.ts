import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound, unauthenticated } from '../../errors.js';
import * as appointmentsRepository from './appointments.repository.js';

/**
 * The caller's own appointment at that business and service, before the slot list shows where it may
 * move to (GET /api/available-slots?forAppointment=): 401 signed out, 404 unknown, 403 another's, 400
 * another business or service.
 */
export async function requireOwnAppointment(db: Db, user: { id: number } | null, id: number, q: { businessId: number; serviceId?: number }): Promise<void> {
  if (!user) throw unauthenticated();
  const row = await appointmentsRepository.findAppointmentParties(db, id);
  if (!row) throw notFound('Appointment');
  if (row.customerId !== user.id) throw forbidden('Only its customer can look for times to move this appointment to');
  if (row.businessId !== q.businessId || (q.serviceId !== undefined && row.serviceId !== q.serviceId)) {
    throw new AppError(ErrorCode.VALIDATION, 'forAppointment must be an appointment of this business and service');
  }
}
