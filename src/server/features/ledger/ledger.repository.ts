import { and, eq, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { mergeNewestFirst, newestFirst, type PageKey } from '../../db/keyset.js';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema.js';

export type Asset = 'USD' | 'CREDIT';

export interface AccountKey {
  kind: string;
  asset: Asset;
  userId?: number | null;
  businessId?: number | null;
  offerId?: number | null;
}

export interface AccountRow {
  id: number;
  kind: string;
  asset: string;
  userId: number | null;
  businessId: number | null;
  offerId: number | null;
  noOverdraft: boolean;
  debitsPending: number;
  debitsPosted: number;
  creditsPending: number;
  creditsPosted: number;
}

const accountColumns = {
  id: ledgerAccounts.id,
  kind: ledgerAccounts.kind,
  asset: ledgerAccounts.asset,
  userId: ledgerAccounts.userId,
  businessId: ledgerAccounts.businessId,
  offerId: ledgerAccounts.offerId,
  noOverdraft: ledgerAccounts.noOverdraft,
  debitsPending: ledgerAccounts.debitsPending,
  debitsPosted: ledgerAccounts.debitsPosted,
  creditsPending: ledgerAccounts.creditsPending,
  creditsPosted: ledgerAccounts.creditsPosted,
};

// Same expressions as the unique index ledger_accounts_owner_key, so the lookup uses it.
const byKey = (key: { kind: string | Placeholder; asset: string | Placeholder; userId: number | Placeholder; businessId: number | Placeholder; offerId: number | Placeholder }) =>
  and(
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.asset, key.asset),
    sql`coalesce(${ledgerAccounts.userId}, 0) = ${key.userId}`,
    sql`coalesce(${ledgerAccounts.businessId}, 0) = ${key.businessId}`,
    sql`coalesce(${ledgerAccounts.offerId}, 0) = ${key.offerId}`,
  );

export async function findAccountByKey(db: Db, key: AccountKey): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(ledgerAccounts).where(byKey(withOwners(key))).limit(1);
  return row ?? null;
}

/** Absent owners as 0, the way the unique index spells them. */
const withOwners = (key: AccountKey) => ({ kind: key.kind, asset: key.asset, userId: key.userId ?? 0, businessId: key.businessId ?? 0, offerId: key.offerId ?? 0 });

const resolution = alias(ledgerTransfers, 'resolution');
const movementPages = newestFirst(ledgerTransfers.createdAt, ledgerTransfers.id);

/**
 * One page of the transfers that start a movement of an account (posted ones and holds), newest
 * first, and one more if there is another page; a hold comes with the transfer that resolved it, if
 * any (at most one: pending_id is unique). The debit side and the credit side are each read in index
 * order (ledger_transfers_debit_idx, _credit_idx) and merged: a page reads its own rows, however long
 * the account's history.
 */
export async function pageAccountMovements(db: Db, accountId: number, limit: number, after?: PageKey) {
  const side = (account: typeof ledgerTransfers.debitAccountId | typeof ledgerTransfers.creditAccountId) =>
    db
      .select({
        id: ledgerTransfers.id,
        keyTime: movementPages.keyTime,
        debitAccountId: ledgerTransfers.debitAccountId,
        creditAccountId: ledgerTransfers.creditAccountId,
        amount: ledgerTransfers.amount,
        flags: ledgerTransfers.flags,
        code: ledgerTransfers.code,
        description: ledgerTransfers.description,
        createdAt: ledgerTransfers.createdAt,
        resolutionFlags: resolution.flags,
        resolutionAmount: resolution.amount,
        resolutionDescription: resolution.description,
      })
      .from(ledgerTransfers)
      .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
      .where(and(eq(account, accountId), inArray(ledgerTransfers.flags, ['single', 'pending']), movementPages.after(after)))
      .orderBy(...movementPages.orderBy)
      .limit(limit + 1);
  // A transfer never debits and credits one account (ledger_transfers_distinct_check): no row twice.
  const [debits, credits] = await Promise.all([side(ledgerTransfers.debitAccountId), side(ledgerTransfers.creditAccountId)]);
  return mergeNewestFirst(limit, debits, credits);
}

/** What the holds tagged with this offer still keep back in one asset: pending transfers nobody has resolved yet. */
export async function unresolvedHoldsOfOffer(db: Db, offerId: number, asset: Asset): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)` })
    .from(ledgerTransfers)
    .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
    .where(and(eq(ledgerTransfers.offerId, offerId), eq(ledgerTransfers.asset, asset), eq(ledgerTransfers.flags, 'pending'), isNull(resolution.id)));
  return Number(row?.total ?? 0);
}
