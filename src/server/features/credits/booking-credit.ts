import type { Db } from '../../db/client.js';
import { findTransfers, postPending, type TransferRow, voidPending } from '../ledger/ledger.service.js';

/*
 * A booking's $1.00 of Que Credit: held as a pending transfer when booked (que_on_booked in
 * migration 0007 holds it, debiting a per-user issuance account so that bookings of different
 * people never wait on one ledger row), posted (spendable) when
 * the appointment is completed, voided when it is cancelled. Nothing spendable is ever taken back,
 * so booking and cancelling cannot mint credit, and an appointment settles its credit exactly once
 * (the ledger's unique pending_id).
 */

export const EARNED_BOOKING = 'earned_booking';

/** The appointment's booking credit hold if it is still unsettled (none for owners' own bookings and older bookings). */
async function openHold(tx: Db, appointmentId: number): Promise<TransferRow | null> {
  // All of the appointment's transfers (a handful): a settlement may carry another code than the hold.
  const transfers = await findTransfers(tx, { appointmentId });
  const hold = transfers.find((t) => t.code === EARNED_BOOKING && t.flags === 'pending');
  if (!hold || transfers.some((t) => t.pendingId === hold.id)) return null;
  return hold;
}

/** The appointment was completed: its credit becomes spendable. */
export async function postBookingCredit(tx: Db, appointmentId: number): Promise<void> {
  const hold = await openHold(tx, appointmentId);
  if (hold) await postPending(tx, { pendingId: hold.id });
}

/** The appointment was cancelled: its credit is never paid. */
export async function voidBookingCredit(tx: Db, appointmentId: number, what: { serviceName: string; businessName: string }): Promise<void> {
  const hold = await openHold(tx, appointmentId);
  if (hold) await voidPending(tx, { pendingId: hold.id, description: `Voided: booking of ${what.serviceName} at ${what.businessName} was cancelled` });
}
