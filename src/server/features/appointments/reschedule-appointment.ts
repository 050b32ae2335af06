import type { User } from '../../../contract/auth.js';
import type { Appointment } from '../../../contract/appointments.js';
import type { Db } from '../../db/client.js';
import type { SlotRules } from '../availability/available-slots.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { forbidden } from '../../errors.js';
import { loadLocked, requireActive } from './appointment-access.js';
import type { AppointmentChanges } from './appointment-changes.js';
import { toAppointment } from './appointment-view.js';
import * as appointmentsRepository from './appointments.repository.js';
import { periodOf } from './appointment-period.js';
import { requireFreeSlot } from './booking-transaction.js';

/** Only its customer moves an appointment, and the new time is checked exactly like a new booking. */
export async function rescheduleAppointment(
  db: Db,
  changes: AppointmentChanges,
  user: User,
  id: number,
  to: { date: string; time: string },
  rules?: SlotRules,
): Promise<Appointment> {
  return unitOfWork(db, async (tx) => {
    const row = await loadLocked(tx, id);
    if (row.customerId !== user.id) throw forbidden('Only the customer can reschedule this appointment');
    requireActive(row);
    await requireFreeSlot(tx, {
      businessId: row.businessId,
        serviceId: row.serviceId,
      date: to.date,
      time: to.time,
      partySize: row.partySize,
      excludeAppointmentIds: [id],
      rules,
    });
    const period = await periodOf(tx, to.date, to.time, row.duration, row.timeZone);
    await appointmentsRepository.updatePeriod(tx, id, period.startsAt, period.endsAt);
    const moved = { ...row, date: to.date, time: to.time };
    await changes.announce(tx, { kind: 'rescheduled', appointment: moved, previous: { date: row.date, time: row.time }, byUserId: user.id });
    return toAppointment(moved, user);
  });
}
