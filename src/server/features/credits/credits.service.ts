import type { User } from '../../../contract/auth.js';
import type { CreditAccount, CreditTransaction } from '../../../contract/credits.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { forbidden, unauthenticated } from '../../errors.js';
import { AccountKind, accountMovements, findAccount, getOrCreateAccount } from '../ledger/ledger.service.js';

export const CREDIT = 'CREDIT' as const;
export const userCreditKey = (userId: number) => ({ kind: AccountKind.userCredit, asset: CREDIT, userId });
const userCreditSpec = (userId: number) => ({ ...userCreditKey(userId), noOverdraft: true });

/** A user's Que Credit account (CREDIT asset, never below zero). */
export const userCreditAccount = (tx: Db, userId: number) => getOrCreateAccount(tx, userCreditSpec(userId));

export function requireSelf(viewer: User | null, userId: number): User {
  if (!viewer) throw unauthenticated();
  if (viewer.id !== userId) throw forbidden('You can only see your own Que Credit');
  return viewer;
}

/** Spendable credit in cents: posted credit less what holds (live offers) keep back. Pending booking credit is not spendable. */
export async function creditBalanceCents(db: Db, userId: number): Promise<number> {
  const account = await findAccount(db, userCreditKey(userId));
  return account ? account.creditsPosted - account.debitsPosted - account.debitsPending : 0;
}

/** Credit on its way in (bookings not yet completed), in cents. */
export async function pendingCreditCents(db: Db, userId: number): Promise<number> {
  const account = await findAccount(db, userCreditKey(userId));
  return account ? account.creditsPending : 0;
}

export async function getCredits(db: Db, viewer: User | null, userId: number): Promise<CreditAccount> {
  requireSelf(viewer, userId);
  const account = await findAccount(db, userCreditKey(userId));
  const spendable = account ? account.creditsPosted - account.debitsPosted - account.debitsPending : 0;
  return { userId, credits: centsToDecimal(spendable), pending: centsToDecimal(account?.creditsPending ?? 0) };
}

/** Every movement of the user's credit account, whatever feature made it, newest first. */
export async function listCreditTransactions(db: Db, viewer: User | null, userId: number): Promise<CreditTransaction[]> {
  requireSelf(viewer, userId);
  const account = await findAccount(db, userCreditKey(userId));
  if (!account) return [];
  const movements = await accountMovements(db, account.id);
  return movements.map((m) => ({
    id: m.id,
    transactionType: m.code,
    description: m.description,
    amount: centsToDecimal(m.amount),
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  }));
}
