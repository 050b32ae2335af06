import type { User } from '../../../contract/auth.js';
import type { CreditAccount, CreditTransaction } from '../../../contract/credits.js';
import { centsToDecimal } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import type { Page } from '../../db/keyset.js';
import { forbidden, unauthenticated } from '../../errors.js';
import type { PageQuery } from '../../plugins/paging.js';
import { AccountKind, accountMovements, findAccountByKey } from '../ledger/index.js';

export const CREDIT = 'CREDIT' as const;
export const userCreditKey = (userId: number) => ({ kind: AccountKind.userCredit, asset: CREDIT, userId });

export function requireSelf(viewer: User | null, userId: number): User {
  if (!viewer) throw unauthenticated();
  if (viewer.id !== userId) throw forbidden('You can only see your own Que Credit');
  return viewer;
}

/** Spendable credit in cents: posted credit less what holds (live offers) keep back. Pending booking credit is not spendable. */
export async function creditBalanceCents(db: Db, userId: number): Promise<number> {
  const account = await findAccountByKey(db, userCreditKey(userId));
  return account ? account.creditsPosted - account.debitsPosted - account.debitsPending : 0;
}

export async function getCredits(db: Db, viewer: User | null, userId: number): Promise<CreditAccount> {
  requireSelf(viewer, userId);
  const account = await findAccountByKey(db, userCreditKey(userId));
  const spendable = account ? account.creditsPosted - account.debitsPosted - account.debitsPending : 0;
  return { userId, credits: centsToDecimal(spendable), pending: centsToDecimal(account?.creditsPending ?? 0) };
}

/** A page of the movements of the user's credit account, whatever feature made them, newest first. */
export async function listCreditTransactions(db: Db, viewer: User | null, userId: number, q: PageQuery): Promise<Page<CreditTransaction>> {
  requireSelf(viewer, userId);
  const account = await findAccountByKey(db, userCreditKey(userId));
  if (!account) return { items: [], next: null };
  const movements = await accountMovements(db, account.id, { limit: q.limit, after: q.cursor });
  return {
    items: movements.items.map((m) => ({
      id: m.id,
      transactionType: m.code,
      description: m.description,
      amount: centsToDecimal(m.amount),
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    })),
    next: movements.next,
  };
}
