import { PgTransaction } from 'drizzle-orm/pg-core';
import { ErrorCode } from '../../../contract/errors.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import * as ledgerRepository from './ledger.repository.js';
import type { AccountKey, AccountRow, Asset, TransferRow } from './ledger.repository.js';

export type { AccountKey, Asset, TransferRow } from './ledger.repository.js';

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

export interface Balance {
  accountId: number;
  debitsPending: number;
  debitsPosted: number;
  creditsPending: number;
  creditsPosted: number;
  /** credits posted - debits posted */
  posted: number;
  /** posted less what pending debits hold: what the owner can still spend */
  available: number;
}

export interface TransferInput {
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  asset: Asset;
  code: string;
  description?: string;
  appointmentId?: number | null;
  offerId?: number | null;
}

export interface ResolveInput {
  pendingId: number;
  /** postPending only: at most the held amount; the rest goes back to the debit account. */
  amount?: number;
  code?: string;
  description?: string;
}

export const insufficientBalance = () => new AppError(ErrorCode.VALIDATION, 'Insufficient balance');

export function toBalance(row: AccountRow): Balance {
  const posted = row.creditsPosted - row.debitsPosted;
  return {
    accountId: row.id,
    debitsPending: row.debitsPending,
    debitsPosted: row.debitsPosted,
    creditsPending: row.creditsPending,
    creditsPosted: row.creditsPosted,
    posted,
    available: posted - row.debitsPending,
  };
}

/** Runs fn in the caller's transaction, or opens one: balances and transfer rows move together. */
function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  // A Db that is already a transaction (drizzle's tx objects are PgTransaction) is used as it is.
  if ((db as unknown) instanceof PgTransaction) return fn(db);
  return db.transaction((tx) => fn(tx));
}

function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++, e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** The CHECK and unique constraints are the last line of defence; their violations still read as business errors. */
export function ledgerErrorOf(error: unknown): AppError | undefined {
  const constraint = constraintOf(error);
  if (constraint === 'ledger_accounts_no_overdraft_check') return insufficientBalance();
  if (constraint === 'ledger_transfers_pending_resolution_key') return new AppError(ErrorCode.INVALID_STATE, 'This hold has already been settled');
  return undefined;
}

async function mapLedgerErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
}

function checkAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError(ErrorCode.VALIDATION, 'Amount must be a positive whole number of cents');
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

/**
 * Applies both sides in one statement (rows locked in id order). Overdrawing a no-overdraft
 * account fails the statement on its CHECK constraint, which ends the caller's transaction.
 */
async function moveBalances(
  tx: Db,
  asset: Asset,
  debit: { id: number; delta: ledgerRepository.BalanceDelta },
  credit: { id: number; delta: ledgerRepository.BalanceDelta },
) {
  const updated = await ledgerRepository.applyDeltas(tx, asset, [debit, credit]);
  if (updated.length === 2) return;
  for (const id of [debit.id, credit.id]) {
    if (updated.includes(id)) continue;
    const account = await ledgerRepository.findAccountById(tx, id);
    if (!account) throw notFound('Ledger account');
    throw new Error(`ledger account ${id} holds ${account.asset}, not ${asset}`);
  }
}

function checkTransfer(t: TransferInput) {
  checkAmount(t.amount);
  if (t.debitAccountId === t.creditAccountId) throw new Error('a transfer needs two different accounts');
}

/** A transfer posted at once. Any ledger error ends the caller's transaction: let it roll back. */
export async function transfer(db: Db, t: TransferInput): Promise<TransferRow> {
  checkTransfer(t);
  return inTransaction(db, (tx) =>
    mapLedgerErrors(async () => {
      await moveBalances(tx, t.asset, { id: t.debitAccountId, delta: { debitsPosted: t.amount } }, { id: t.creditAccountId, delta: { creditsPosted: t.amount } });
      return ledgerRepository.insertTransfer(tx, { ...t, description: t.description ?? '', flags: 'single' });
    }),
  );
}

/** A hold: the amount stops being available to the debit account until posted or voided. */
export async function createPending(db: Db, t: TransferInput): Promise<TransferRow> {
  checkTransfer(t);
  return inTransaction(db, (tx) =>
    mapLedgerErrors(async () => {
      await moveBalances(tx, t.asset, { id: t.debitAccountId, delta: { debitsPending: t.amount } }, { id: t.creditAccountId, delta: { creditsPending: t.amount } });
      return ledgerRepository.insertTransfer(tx, { ...t, description: t.description ?? '', flags: 'pending' });
    }),
  );
}

async function loadPending(tx: Db, pendingId: number): Promise<TransferRow> {
  const pending = await ledgerRepository.findTransfer(tx, pendingId);
  if (!pending || pending.flags !== 'pending') throw notFound('Pending transfer');
  return pending;
}

/**
 * Settles a hold once. The resolution row is inserted first: the unique pending_id makes a
 * concurrent second settlement wait for the first and then fail, before any balance moves.
 */
async function resolve(db: Db, input: ResolveInput, flags: 'post_pending' | 'void_pending'): Promise<TransferRow> {
  return inTransaction(db, (tx) =>
    mapLedgerErrors(async () => {
      const pending = await loadPending(tx, input.pendingId);
      const posted = flags === 'post_pending' ? (input.amount ?? pending.amount) : 0;
      if (flags === 'post_pending') {
        checkAmount(posted);
        if (posted > pending.amount) throw new AppError(ErrorCode.VALIDATION, 'Cannot post more than the held amount');
      }
      const row = await ledgerRepository.insertTransfer(tx, {
        debitAccountId: pending.debitAccountId,
        creditAccountId: pending.creditAccountId,
        amount: flags === 'post_pending' ? posted : pending.amount,
        asset: pending.asset,
        flags,
        pendingId: pending.id,
        code: input.code ?? pending.code,
        description: input.description ?? pending.description,
        appointmentId: pending.appointmentId,
        offerId: pending.offerId,
      });
      const asset = pending.asset as Asset;
      await moveBalances(
        tx,
        asset,
        { id: pending.debitAccountId, delta: { debitsPending: -pending.amount, debitsPosted: posted } },
        { id: pending.creditAccountId, delta: { creditsPending: -pending.amount, creditsPosted: posted } },
      );
      return row;
    }),
  );
}

export const postPending = (db: Db, input: ResolveInput) => resolve(db, input, 'post_pending');
export const voidPending = (db: Db, input: Omit<ResolveInput, 'amount'>) => resolve(db, input, 'void_pending');

export const findTransfers = ledgerRepository.findTransfers;

export interface AccountEntry {
  id: number;
  code: string;
  description: string;
  /** signed change of the account's available balance */
  amount: number;
  createdAt: Date;
}

type HistoryRow = Awaited<ReturnType<typeof ledgerRepository.listAccountTransfers>>[number];

/**
 * How a transfer changed an account's available balance (credits posted - debits posted - debits
 * pending). A hold counts against the payer when placed; settling it gives back what was not taken.
 */
export function availableEffect(t: Pick<HistoryRow, 'debitAccountId' | 'creditAccountId' | 'amount' | 'flags' | 'pendingAmount'>, accountId: number): number {
  const isDebit = t.debitAccountId === accountId;
  switch (t.flags) {
    case 'single':
      return isDebit ? -t.amount : t.amount;
    case 'pending':
      return isDebit ? -t.amount : 0;
    case 'post_pending':
      return isDebit ? (t.pendingAmount ?? t.amount) - t.amount : t.amount;
    case 'void_pending':
      return isDebit ? t.amount : 0;
    default:
      return 0;
  }
}

/** The account's movements, newest first; transfers that left its available balance unchanged are skipped. */
export async function accountHistory(db: Db, accountId: number, limit = 500): Promise<AccountEntry[]> {
  const rows = await ledgerRepository.listAccountTransfers(db, accountId, limit);
  return rows
    .map((r) => ({ id: r.id, code: r.code, description: r.description, amount: availableEffect(r, accountId), createdAt: r.createdAt }))
    .filter((e) => e.amount !== 0);
}

/** Sum over all accounts per asset; both numbers are zero in a consistent ledger. */
export async function assetTotals(db: Db): Promise<Record<string, { posted: number; pending: number }>> {
  const rows = await ledgerRepository.assetTotals(db);
  return Object.fromEntries(rows.map((r) => [r.asset, { posted: Number(r.posted), pending: Number(r.pending) }]));
}
