import { sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { getSlotContext } from '../availability/available-slots.js';
import type { AppointmentChanges } from './appointment-changes.js';
import * as appointmentsRepository from './appointments.repository.js';
import type { AppointmentRow } from './appointments.repository.js';
import { periodOf } from './appointment-period.js';
import { tableServiceFor } from './book-appointment.js';
import { requireFreeSlot } from './booking-transaction.js';

// What the offers feature may do to appointments: read them, swap two, and hand a restaurant table over.

export async function readAppointment(tx: Db, id: number): Promise<AppointmentRow> {
  const row = await appointmentsRepository.findAppointmentView(tx, id);
  if (!row) throw notFound('Appointment');
  return row;
}

/** Several appointments by id, in one read (offers list both sides of each offer). */
export async function readAppointments(tx: Db, ids: number[]): Promise<Map<number, AppointmentRow>> {
  const rows = await appointmentsRepository.findAppointmentViews(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks the appointments in id order (two swaps never wait on each other crosswise) and reads them. */
export async function lockAppointments(tx: Db, ids: number[]): Promise<Map<number, AppointmentRow>> {
  const rows = new Map<number, AppointmentRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    if (!(await appointmentsRepository.lockAppointment(tx, id))) throw notFound('Appointment');
  }
  for (const id of ids) rows.set(id, await readAppointment(tx, id));
  return rows;
}

const notSwappable = (row: AppointmentRow) =>
  new AppError(ErrorCode.INVALID_STATE, `The ${row.serviceName} appointment on ${row.date} at ${row.time} is ${row.status}, so the swap cannot happen`);

/** Re-checks one appointment where it now stands against everyone else (hours, seats, overlaps). */
async function recheck(tx: Db, row: AppointmentRow, at: { date: string; time: string }) {
  await requireFreeSlot(tx, {
    businessId: row.businessId,
    serviceId: row.serviceId,
    date: at.date,
    time: at.time,
    partySize: row.partySize,
    excludeAppointmentIds: [row.id],
  });
}

/**
 * Trades the date and time of two confirmed appointments of one business, each keeping its own
 * duration. Both move first (the overlap constraint is deferred to commit for this transaction),
 * then each is checked where it landed against everything else, the other one included; any
 * conflict is a 409 and the whole transaction, the offer's acceptance with it, rolls back.
 */
export async function swapAppointmentTimes(tx: Db, changes: AppointmentChanges, aId: number, bId: number, byUserId: number) {
  const rows = await lockAppointments(tx, [aId, bId]);
  const a = rows.get(aId)!;
  const b = rows.get(bId)!;
  for (const row of [a, b]) if (row.status !== 'confirmed') throw notSwappable(row);
  if (a.businessId !== b.businessId) throw new AppError(ErrorCode.VALIDATION, 'Only appointments at the same business can be swapped');
  await tx.execute(sql`set constraints appointments_no_overlap deferred`);
  const aTo = { date: b.date, time: b.time };
  const bTo = { date: a.date, time: a.time };
  for (const [row, to] of [[a, aTo], [b, bTo]] as const) {
    const period = await periodOf(tx, to.date, to.time, row.duration, row.timeZone);
    await appointmentsRepository.updatePeriod(tx, row.id, period.startsAt, period.endsAt);
  }
  await recheck(tx, a, aTo);
  await recheck(tx, b, bTo);
  // Checked now rather than at commit, so a conflict is reported here as a clean 409.
  await tx.execute(sql`set constraints appointments_no_overlap immediate`);
  await changes.announce(tx, { kind: 'swapped', appointment: { ...a, ...aTo }, previous: { date: a.date, time: a.time }, byUserId });
  await changes.announce(tx, { kind: 'swapped', appointment: { ...b, ...bTo }, previous: { date: b.date, time: b.time }, byUserId });
}

export interface PendingReservationInput {
  businessId: number;
  date: string;
  time: string;
  partySize: number;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  seatingPreference?: string | null;
  occasionType?: string | null;
  dietaryRestrictions?: string | null;
}

/**
 * The table a restaurant offer's sender wants at a time that is full: stored as their reservation
 * with status 'pending', which holds no seats and is not shown to the restaurant.
 */
export async function createPendingReservation(tx: Db, user: User, input: PendingReservationInput): Promise<AppointmentRow> {
  const business = await getSlotContext(tx, input.businessId, input.date);
  if (business.businessType !== 'restaurant') throw new AppError(ErrorCode.VALIDATION, 'temporaryReservation is only for restaurants');
  const max = business.maxPartySize ?? 20;
  if (input.partySize > max) throw new AppError(ErrorCode.VALIDATION, `Party size must be between 1 and ${max}`);
  const service = await tableServiceFor(tx, business.id);
  const duration = business.reservationDuration ?? service.duration;
  const values = {
    businessId: business.id,
    serviceId: service.id,
    customerId: user.id,
    ...(await periodOf(tx, input.date, input.time, duration, business.timeZone)),
    duration,
    priceCents: service.priceCents,
    status: 'pending',
    exclusive: false,
    partySize: input.partySize,
    notes: '',
    blockOffers: false,
    customerName: input.customerName || user.username,
    customerEmail: input.customerEmail || user.email,
    customerPhone: input.customerPhone || '',
    seatingPreference: input.seatingPreference || null,
    occasionType: input.occasionType || null,
    dietaryRestrictions: input.dietaryRestrictions || null,
  };
  const { id } = await appointmentsRepository.insertAppointment(tx, values);
  return readAppointment(tx, id);
}

/**
 * Gives the recipient's table to the sender: the recipient's reservation is cancelled and the
 * sender's pending one confirmed, with seats re-checked for the sender's party.
 */
export async function handOverReservation(tx: Db, changes: AppointmentChanges, pendingId: number, targetId: number, byUserId: number) {
  const rows = await lockAppointments(tx, [pendingId, targetId]);
  const pending = rows.get(pendingId)!;
  const target = rows.get(targetId)!;
  if (target.status !== 'confirmed') throw notSwappable(target);
  if (pending.status !== 'pending') throw notSwappable(pending);
  await appointmentsRepository.updateStatus(tx, target.id, 'cancelled');
  await appointmentsRepository.updateStatus(tx, pending.id, 'confirmed');
  await recheck(tx, pending, pending);
  await changes.announce(tx, { kind: 'cancelled', appointment: { ...target, status: 'cancelled' }, byUserId });
  await changes.announce(tx, { kind: 'booked', appointment: { ...pending, status: 'confirmed' }, byUserId });
}

/** Ends a restaurant offer's pending reservation (declined, cancelled or expired offer). */
export async function cancelPendingReservation(tx: Db, changes: AppointmentChanges, id: number, byUserId: number) {
  const rows = await lockAppointments(tx, [id]);
  const row = rows.get(id)!;
  if (row.status !== 'pending') return;
  await appointmentsRepository.updateStatus(tx, id, 'cancelled');
  await changes.announce(tx, { kind: 'cancelled', appointment: { ...row, status: 'cancelled' }, byUserId });
}
