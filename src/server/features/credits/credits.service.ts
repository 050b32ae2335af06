import type { User } from '../../../contract/auth.js';
import type { CreditTransaction } from '../../../contract/credits.js';
import { BOOKING_CREDIT_CENTS, centsToDecimal } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { forbidden, unauthenticated } from '../../errors.js';
import { AccountKind, accountHistory, findAccount, findTransfers, getOrCreateAccount, getOrCreateAccounts, lockBalances, transfer } from '../ledger/ledger.service.js';

export const CreditCode = {
  earnedBooking: 'earned_booking',
  reversedBooking: 'reversed_booking',
} as const;

const CREDIT = 'CREDIT' as const;
const userCreditKey = (userId: number) => ({ kind: AccountKind.userCredit, asset: CREDIT, userId });

/**
 * The platform's source of Que Credit, kept per user: it goes negative by exactly what was issued
 * to that user. One issuance row for everybody would be a lock every booking in the system waits
 * for; per user, bookings of different people never touch the same ledger row.
 */
const issuanceSpec = (userId: number) => ({ kind: AccountKind.creditIssuance, asset: CREDIT, userId, noOverdraft: false });
const userCreditSpec = (userId: number) => ({ ...userCreditKey(userId), noOverdraft: true });

/** A user's Que Credit account (CREDIT asset, never below zero). */
export const userCreditAccount = (tx: Db, userId: number) => getOrCreateAccount(tx, userCreditSpec(userId));

/** [issuance, credit] of one user, in one round trip once they exist. */
const creditAccounts = (tx: Db, userId: number) => getOrCreateAccounts(tx, [issuanceSpec(userId), userCreditSpec(userId)]);

export interface BookingCreditInput {
  userId: number;
  appointmentId: number;
  serviceName: string;
  businessName: string;
}

/** +$1.00 for a booking, in the booking's transaction. */
export async function awardBookingCredit(tx: Db, input: BookingCreditInput): Promise<void> {
  const [issuance, account] = await creditAccounts(tx, input.userId);
  await transfer(tx, {
    debitAccountId: issuance.id,
    creditAccountId: account.id,
    amount: BOOKING_CREDIT_CENTS,
    asset: CREDIT,
    code: CreditCode.earnedBooking,
    description: `Earned for booking ${input.serviceName} at ${input.businessName}`,
    appointmentId: input.appointmentId,
  });
}

/**
 * Takes back a cancelled booking's credit as far as the balance allows (credit already spent
 * stays spent). Returns the cents reversed; at most once per appointment.
 */
export async function reverseBookingCredit(tx: Db, input: BookingCreditInput): Promise<number> {
  const earned = await findTransfers(tx, { appointmentId: input.appointmentId, code: CreditCode.earnedBooking });
  if (earned.length === 0) return 0;
  const reversed = await findTransfers(tx, { appointmentId: input.appointmentId, code: CreditCode.reversedBooking });
  if (reversed.length > 0) return 0;
  const [issuance, account] = await creditAccounts(tx, input.userId);
  // Both rows locked in id order before reading the balance, as every ledger writer does.
  const balances = await lockBalances(tx, [account.id, issuance.id]);
  const earnedCents = earned.reduce((sum, t) => sum + t.amount, 0);
  const amount = Math.min(earnedCents, Math.max(0, balances.get(account.id)!.available));
  if (amount === 0) return 0;
  await transfer(tx, {
    debitAccountId: account.id,
    creditAccountId: issuance.id,
    amount,
    asset: CREDIT,
    code: CreditCode.reversedBooking,
    description: `Reversed: booking of ${input.serviceName} at ${input.businessName} was cancelled`,
    appointmentId: input.appointmentId,
  });
  return amount;
}

function requireSelf(viewer: User | null, userId: number): void {
  if (!viewer) throw unauthenticated();
  if (viewer.id !== userId) throw forbidden('You can only see your own Que Credit');
}

/** Available credit in cents (holds for live offers are not available). */
export async function creditBalanceCents(db: Db, userId: number): Promise<number> {
  const account = await findAccount(db, userCreditKey(userId));
  return account ? account.creditsPosted - account.debitsPosted - account.debitsPending : 0;
}

export async function getCredits(db: Db, viewer: User | null, userId: number) {
  requireSelf(viewer, userId);
  return { userId, credits: centsToDecimal(await creditBalanceCents(db, userId)) };
}

export async function listCreditTransactions(db: Db, viewer: User | null, userId: number): Promise<CreditTransaction[]> {
  requireSelf(viewer, userId);
  const account = await findAccount(db, userCreditKey(userId));
  if (!account) return [];
  const entries = await accountHistory(db, account.id);
  return entries.map((e) => ({
    id: e.id,
    transactionType: e.code,
    description: e.description,
    amount: centsToDecimal(e.amount),
    createdAt: e.createdAt.toISOString(),
  }));
}
