import { BOOKING_CREDIT_CENTS } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { AccountKind, createPending, findTransfers, getOrCreateAccounts, postPending, type TransferRow, voidPending } from '../ledger/ledger.service.js';
import { CREDIT, userCreditKey } from './credits.service.js';

/*
 * A booking's $1.00 of Que Credit: held as a pending transfer when booked, posted (spendable) when
 * the appointment is completed, voided when it is cancelled. Nothing spendable is ever taken back,
 * so booking and cancelling cannot mint credit, and an appointment settles its credit exactly once
 * (the ledger's unique pending_id).
 */

export const EARNED_BOOKING = 'earned_booking';

/**
 * The platform's source of Que Credit, kept per user: it goes negative by exactly what was issued
 * to that user. One issuance row for everybody would be a lock every booking in the system waits
 * for; per user, bookings of different people never touch the same ledger row.
 */
const issuanceSpec = (userId: number) => ({ kind: AccountKind.creditIssuance, asset: CREDIT, userId, noOverdraft: false });

export interface BookingCreditInput {
  userId: number;
  appointmentId: number;
  serviceName: string;
  businessName: string;
}

/** Holds +$1.00 for the customer, in the booking's transaction. */
export async function holdBookingCredit(tx: Db, input: BookingCreditInput): Promise<void> {
  const [issuance, account] = await getOrCreateAccounts(tx, [issuanceSpec(input.userId), { ...userCreditKey(input.userId), noOverdraft: true }]);
  await createPending(tx, {
    debitAccountId: issuance.id,
    creditAccountId: account.id,
    amount: BOOKING_CREDIT_CENTS,
    asset: CREDIT,
    code: EARNED_BOOKING,
    description: `Earned for booking ${input.serviceName} at ${input.businessName}`,
    appointmentId: input.appointmentId,
  });
}

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
