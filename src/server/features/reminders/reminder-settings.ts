import type { User } from '../../../contract/auth.js';
import type { AppointmentReminders, ReminderRule } from '../../../contract/reminders.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, unauthenticated } from '../../errors.js';
import { requireOwnedBusiness } from '../businesses/index.js';
import { linkAppointment, listAppointmentReminders, readReminderRules, saveReminderRules } from './reminders.repository.js';

/** The business's reminder rules, for its owner (DESIGN section 11). */
export async function getReminderRules(db: Db, user: User | null, businessId: number): Promise<ReminderRule[]> {
  await requireOwnedBusiness(db, user, businessId);
  return readReminderRules(db, businessId);
}

/** Replaces them; appointments booked or moved from now on are planned by the new list. */
export async function putReminderRules(db: Db, user: User | null, businessId: number, rules: ReminderRule[]): Promise<ReminderRule[]> {
  await requireOwnedBusiness(db, user, businessId);
  await saveReminderRules(db, businessId, rules);
  return rules;
}

/** An appointment's messages and their state, for the owner of its business. */
export async function getAppointmentReminders(db: Db, user: User | null, appointmentId: number): Promise<AppointmentReminders> {
  if (!user) throw unauthenticated();
  const appointment = await linkAppointment(db, appointmentId);
  if (!appointment) throw notFound('Appointment');
  if (appointment.ownerId !== user.id) throw forbidden("Only the business's owner sees its appointments' messages");
  return { appointmentId, customerConfirmedAt: appointment.customerConfirmedAt, reminders: await listAppointmentReminders(db, appointmentId) };
}
