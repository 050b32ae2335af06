import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema.js';

export type Asset = 'USD' | 'CREDIT';
export type TransferFlags = 'single' | 'pending' | 'post_pending' | 'void_pending';

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

export interface BalanceDelta {
  debitsPending?: number;
  debitsPosted?: number;
  creditsPending?: number;
  creditsPosted?: number;
}

export type NewTransfer = typeof ledgerTransfers.$inferInsert;
export type TransferRow = typeof ledgerTransfers.$inferSelect;

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
const byKey = (key: AccountKey) =>
  and(
    eq(ledgerAccounts.kind, key.kind),
    eq(ledgerAccounts.asset, key.asset),
    sql`coalesce(${ledgerAccounts.userId}, 0) = ${key.userId ?? 0}`,
    sql`coalesce(${ledgerAccounts.businessId}, 0) = ${key.businessId ?? 0}`,
    sql`coalesce(${ledgerAccounts.offerId}, 0) = ${key.offerId ?? 0}`,
  );

export async function findAccountByKey(db: Db, key: AccountKey): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(ledgerAccounts).where(byKey(key)).limit(1);
  return row ?? null;
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).limit(1);
  return row ?? null;
}

/** Inserts unless the account already exists (a concurrent creator wins quietly). */
export async function insertAccountIfMissing(db: Db, key: AccountKey & { noOverdraft: boolean }): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({
      kind: key.kind,
      asset: key.asset,
      userId: key.userId ?? null,
      businessId: key.businessId ?? null,
      offerId: key.offerId ?? null,
      noOverdraft: key.noOverdraft,
    })
    .onConflictDoNothing();
}

/** Row locks in id order: every ledger writer takes them in that order, so they cannot deadlock. */
export async function lockAccounts(db: Db, ids: number[]): Promise<AccountRow[]> {
  return db.select(accountColumns).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids)).orderBy(asc(ledgerAccounts.id)).for('update');
}

/**
 * Moves one account's balances in a single statement. With guard, the row only changes when a
 * no-overdraft account stays covered afterwards; false means no row qualified.
 */
export async function applyDelta(db: Db, id: number, asset: Asset, d: BalanceDelta, guard: boolean): Promise<boolean> {
  const dp = d.debitsPending ?? 0;
  const dpo = d.debitsPosted ?? 0;
  const cp = d.creditsPending ?? 0;
  const cpo = d.creditsPosted ?? 0;
  const covered = sql`(not ${ledgerAccounts.noOverdraft} or (${ledgerAccounts.creditsPosted} + ${cpo}) - (${ledgerAccounts.debitsPosted} + ${dpo}) - (${ledgerAccounts.debitsPending} + ${dp}) >= 0)`;
  const rows = await db
    .update(ledgerAccounts)
    .set({
      debitsPending: sql`${ledgerAccounts.debitsPending} + ${dp}`,
      debitsPosted: sql`${ledgerAccounts.debitsPosted} + ${dpo}`,
      creditsPending: sql`${ledgerAccounts.creditsPending} + ${cp}`,
      creditsPosted: sql`${ledgerAccounts.creditsPosted} + ${cpo}`,
    })
    .where(and(eq(ledgerAccounts.id, id), eq(ledgerAccounts.asset, asset), guard ? covered : undefined))
    .returning({ id: ledgerAccounts.id });
  return rows.length > 0;
}

export async function insertTransfer(db: Db, values: NewTransfer): Promise<TransferRow> {
  const [row] = await db.insert(ledgerTransfers).values(values).returning();
  return row;
}

export async function findTransfer(db: Db, id: number): Promise<TransferRow | null> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id)).limit(1);
  return row ?? null;
}

export async function findTransfers(db: Db, filter: { appointmentId?: number; offerId?: number; code?: string; accountId?: number }): Promise<TransferRow[]> {
  return db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        filter.appointmentId !== undefined ? eq(ledgerTransfers.appointmentId, filter.appointmentId) : undefined,
        filter.offerId !== undefined ? eq(ledgerTransfers.offerId, filter.offerId) : undefined,
        filter.code !== undefined ? eq(ledgerTransfers.code, filter.code) : undefined,
        filter.accountId !== undefined
          ? or(eq(ledgerTransfers.debitAccountId, filter.accountId), eq(ledgerTransfers.creditAccountId, filter.accountId))
          : undefined,
      ),
    )
    .orderBy(asc(ledgerTransfers.id));
}

const pendingTransfer = alias(ledgerTransfers, 'pending_transfer');

/** Every transfer touching an account, newest first, with the amount of the hold it resolves. */
export async function listAccountTransfers(db: Db, accountId: number, limit: number) {
  return db
    .select({
      id: ledgerTransfers.id,
      debitAccountId: ledgerTransfers.debitAccountId,
      creditAccountId: ledgerTransfers.creditAccountId,
      amount: ledgerTransfers.amount,
      flags: ledgerTransfers.flags,
      pendingAmount: pendingTransfer.amount,
      code: ledgerTransfers.code,
      description: ledgerTransfers.description,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .leftJoin(pendingTransfer, eq(pendingTransfer.id, ledgerTransfers.pendingId))
    .where(or(eq(ledgerTransfers.debitAccountId, accountId), eq(ledgerTransfers.creditAccountId, accountId)))
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(limit);
}

/** Per asset: what all accounts add up to (zero in a consistent ledger). */
export async function assetTotals(db: Db) {
  return db
    .select({
      asset: ledgerAccounts.asset,
      posted: sql<string>`coalesce(sum(${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted}), 0)`,
      pending: sql<string>`coalesce(sum(${ledgerAccounts.creditsPending} - ${ledgerAccounts.debitsPending}), 0)`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.asset);
}
