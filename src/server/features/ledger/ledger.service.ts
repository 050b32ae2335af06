import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { notFound } from '../../errors.js';
import { type Balance, checkTransfer, mapLedgerErrors, moveBalances, toBalance, type TransferInput } from './ledger-core.js';
import * as ledgerRepository from './ledger.repository.js';
import type { AccountKey, AccountRow, TransferRow } from './ledger.repository.js';

export type { AccountKey, AccountRow, Asset, TransferRow } from './ledger.repository.js';

/*
 * The double-entry ledger (DESIGN section 5). Amounts are integer cents of one asset (USD or
 * CREDIT). Every operation takes a Db that may be the caller's transaction: pass it so the money
 * moves with the business change, and let a ledger error roll that transaction back. Balances live
 * on the account rows and change only in the statement that goes with each immutable transfer row;
 * rows are locked in id order, and the no-overdraft CHECK refuses any overdraft of a guarded account.
 */

/**
 * Account kinds. Users: card funding (USD), credit (CREDIT), earnings (USD); businesses: fees;
 * the platform: fees and credit issuance; one escrow account per offer and asset.
 */
export const AccountKind = {
  userCard: 'user_card',
  userCredit: 'user_credit',
  userEarnings: 'user_earnings',
  businessFees: 'business_fees',
  platformFees: 'platform_fees',
  creditIssuance: 'credit_issuance',
  offerEscrow: 'offer_escrow',
} as const;

export interface AccountSpec extends AccountKey {
  /** true for accounts that must never go below zero (a user's credit, earnings, an escrow). */
  noOverdraft: boolean;
}

const sameKey = (row: AccountRow, key: AccountKey) =>
  row.kind === key.kind &&
  row.asset === key.asset &&
  row.userId === (key.userId ?? null) &&
  row.businessId === (key.businessId ?? null) &&
  row.offerId === (key.offerId ?? null);

/**
 * The accounts for these specs, in the same order, created when missing. Race-safe: an insert
 * that meets a concurrent creator's row does nothing and the row is read back. One round trip
 * when they all exist.
 */
export async function getOrCreateAccounts(db: Db, specs: AccountSpec[]): Promise<AccountRow[]> {
  const find = async () => {
    const rows = await ledgerRepository.findAccountsByKeys(db, specs);
    return specs.map((spec) => rows.find((row) => sameKey(row, spec)));
  };
  let found = await find();
  if (found.every(Boolean)) return found as AccountRow[];
  for (const [i, spec] of specs.entries()) if (!found[i]) await ledgerRepository.insertAccountIfMissing(db, spec);
  found = await find();
  const missing = specs.find((_, i) => !found[i]);
  if (missing) throw new Error(`ledger account ${missing.kind}/${missing.asset} could not be created`);
  return found as AccountRow[];
}

export async function getOrCreateAccount(db: Db, spec: AccountSpec): Promise<AccountRow> {
  const [row] = await getOrCreateAccounts(db, [spec]);
  return row;
}

export const findAccount = (db: Db, key: AccountKey) => ledgerRepository.findAccountByKey(db, key);

export async function balance(db: Db, accountId: number): Promise<Balance> {
  const row = await ledgerRepository.findAccountById(db, accountId);
  if (!row) throw notFound('Ledger account');
  return toBalance(row);
}

/** Locks the accounts (id order) for the rest of the transaction and returns their balances. */
export async function lockBalances(tx: Db, accountIds: number[]): Promise<Map<number, Balance>> {
  const rows = await ledgerRepository.lockAccounts(tx, [...new Set(accountIds)]);
  return new Map(rows.map((r) => [r.id, toBalance(r)]));
}

/** A transfer posted at once. Any ledger error ends the caller's transaction: let it roll back. */
export async function transfer(db: Db, t: TransferInput): Promise<TransferRow> {
  checkTransfer(t);
  return unitOfWork(db, (tx) =>
    mapLedgerErrors(async () => {
      await moveBalances(tx, t.asset, { id: t.debitAccountId, delta: { debitsPosted: t.amount } }, { id: t.creditAccountId, delta: { creditsPosted: t.amount } });
      return ledgerRepository.insertTransfer(tx, { ...t, description: t.description ?? '', flags: 'single' });
    }),
  );
}

export const findTransfers = ledgerRepository.findTransfers;
export { insufficientBalance, ledgerErrorOf, toBalance, type Balance, type TransferInput } from './ledger-core.js';
export { createPending, postPending, voidPending, type ResolveInput } from './two-phase.js';
export {
  accountHistory, accountMovements, assetTotals, availableEffect, heldForOffer, type AccountEntry, type AccountMovement, type MovementStatus,
} from './ledger-history.js';
